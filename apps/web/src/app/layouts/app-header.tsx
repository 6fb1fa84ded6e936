import { homePathFor } from '@haulpro/shared/navigation';
import { ActionIcon, Box, Burger, Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { withAllStyles } from '../../lib/all-styles.ts';
import { useAuth } from '../../lib/auth-store.ts';

// Signed-in parts load with the session, not before a guest's first paint.
const NotificationBell = lazy(() =>
  withAllStyles(import('../../features/notifications/components/notification-bell.tsx')).then((m) => ({
    default: m.NotificationBell,
  })),
);
const MessagesMenu = lazy(() =>
  withAllStyles(import('../../components/message-thread/messages-menu.tsx')).then((m) => ({
    default: m.MessagesMenu,
  })),
);
const UserMenu = lazy(() => withAllStyles(import('./user-menu.tsx')).then((m) => ({ default: m.UserMenu })));

type TAppHeaderProps = { drawerOpened: boolean; onToggleDrawer: () => void };

/** The navbar: back, brand, messages, the notification bell and the account menu (burger on phones). */
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
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          onClick={goBack}
          aria-label="Back"
          title="Back"
        >
          <IconArrowLeft size={20} stroke={1.8} />
        </ActionIcon>
        <Link to={home} aria-label="Haulpro home" style={{ textDecoration: 'none' }}>
          <Brand size="sm" />
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user ? (
          // The fallback keeps the header's layout while the parts load.
          <Suspense fallback={<Box w={36} h={36} />}>
            {user.role !== 'admin' ? <MessagesMenu role={user.role} /> : null}
            <NotificationBell />
            <Group visibleFrom="sm">
              <UserMenu user={user} />
            </Group>
          </Suspense>
        ) : (
          <Button component={Link} to="/login" variant="light">
            Sign in
          </Button>
        )}
      </Group>
    </Group>
  );
}
