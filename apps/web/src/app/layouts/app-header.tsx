import { homePathFor } from '@haulpro/shared/user';
import { ActionIcon, Burger, Button, Group, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { UserMenu } from './user-menu.tsx';

type TAppHeaderProps = { drawerOpened: boolean; onToggleDrawer: () => void };

/** The navbar: back, brand, the notification bell and the account menu (burger on phones). */
export function AppHeader({ drawerOpened, onToggleDrawer }: TAppHeaderProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const user = auth.status === 'authenticated' ? auth.session.user : null;
  const home = user ? homePathFor(user.role) : '/login';

  function goBack() {
    // The first page of a visit has no in-app history: "back" then means home.
    if (location.key === 'default') navigate(home);
    else navigate(-1);
  }

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md', lg: 'xl' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={6} wrap="nowrap">
        {user ? (
          <Burger
            opened={drawerOpened}
            onClick={onToggleDrawer}
            hiddenFrom="sm"
            size="sm"
            aria-label={drawerOpened ? 'Close menu' : 'Open menu'}
          />
        ) : null}
        <Tooltip label="Back" openDelay={400}>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" onClick={goBack} aria-label="Back">
            <IconArrowLeft size={20} stroke={1.8} />
          </ActionIcon>
        </Tooltip>
        <Link to={home} aria-label="Haulpro home" style={{ textDecoration: 'none' }}>
          <Brand size="sm" />
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user ? (
          <>
            <NotificationBell />
            <Group visibleFrom="sm">
              <UserMenu user={user} />
            </Group>
          </>
        ) : (
          <Button component={Link} to="/login" variant="light">
            Sign in
          </Button>
        )}
      </Group>
    </Group>
  );
}
