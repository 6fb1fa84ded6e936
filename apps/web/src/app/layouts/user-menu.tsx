import { menuFor, profileMenuFor } from '@haulpro/shared/navigation';
import type { TUser } from '@haulpro/shared/user';
import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserAvatar } from './user-avatar.tsx';

const LOGOUT = '/user-logout';

/** The avatar menu: the role's menu (spec: Menus), the staff profile extras, and Log out last. */
export function UserMenu({ user }: { user: TUser }) {
  const items = menuFor(user.role).filter((item) => item.to !== LOGOUT);
  const logout = menuFor(user.role).find((item) => item.to === LOGOUT);
  const extras = profileMenuFor(user.role);
  return (
    <Menu position="bottom-end" width={240} shadow="lg" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          // Named by the name it shows (WCAG 2.5.3, label in name); the avatar's initials are decoration.
          data-testid="user-menu-button"
          py={4}
          px={6}
        >
          <Group gap={8} wrap="nowrap">
            <span aria-hidden="true" style={{ display: 'flex' }}>
              <UserAvatar user={user} size={34} />
            </span>
            <Text fw={600} size="sm" maw={160} truncate="end">
              {user.first_name} {user.last_name}
            </Text>
            <IconChevronDown size={16} stroke={1.8} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="user-menu">
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate="end">
            {user.first_name} {user.last_name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
        {extras.length > 0 ? (
          <>
            <Menu.Divider />
            <Menu.Label>Company</Menu.Label>
            {extras.map((item) => (
              <Menu.Item key={item.to} component={Link} to={item.to}>
                {item.label}
              </Menu.Item>
            ))}
          </>
        ) : null}
        {logout ? (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to={logout.to} color="red.9" leftSection={<IconLogout size={16} />}>
              {logout.label}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
