import { isActiveMenuItem, menuFor, profileMenuFor } from '@haulpro/shared/navigation';
import type { TUser } from '@haulpro/shared/user';
import { Box, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { UserAvatar } from './user-avatar.tsx';

const LOGOUT = '/user-logout';

type TMobileNavDrawerProps = { user: TUser; opened: boolean; onClose: () => void };

/** On narrow screens the role menu lives in a drawer opened by the burger. */
export function MobileNavDrawer({ user, opened, onClose }: TMobileNavDrawerProps) {
  const { pathname } = useLocation();
  const items = menuFor(user.role).filter((item) => item.to !== LOGOUT);
  const logout = menuFor(user.role).find((item) => item.to === LOGOUT);
  const extras = profileMenuFor(user.role);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="min(20rem, 88vw)"
      padding="md"
      title={<Brand size="sm" />}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <nav aria-label="Main menu" data-testid="mobile-nav">
        <Group gap="sm" wrap="nowrap" mb="md">
          <UserAvatar user={user} size={40} />
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {user.first_name} {user.last_name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {user.email}
            </Text>
          </Box>
        </Group>
        <Divider mb="xs" />
        <NavLinks items={items} pathname={pathname} onClose={onClose} />
        {extras.length > 0 ? (
          <>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" mb={4} px="sm">
              Company
            </Text>
            <NavLinks items={extras} pathname={pathname} onClose={onClose} />
          </>
        ) : null}
        {logout ? (
          <>
            <Divider my="sm" />
            <NavLink
              component={Link}
              to={logout.to}
              label={logout.label}
              c="red"
              leftSection={<IconLogout size={18} />}
              onClick={onClose}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </>
        ) : null}
      </nav>
    </Drawer>
  );
}

type TNavLinksProps = {
  items: readonly { to: string; label: string }[];
  pathname: string;
  onClose: () => void;
};

/** A list of menu links; following one closes the drawer. */
function NavLinks({ items, pathname, onClose }: TNavLinksProps) {
  return (
    <Stack gap={2}>
      {items.map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          active={isActiveMenuItem(item.to, pathname)}
          onClick={onClose}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ))}
    </Stack>
  );
}
