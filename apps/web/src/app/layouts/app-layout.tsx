import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { VerifyEmailModal } from '../../features/auth/components/verify-email-modal.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { AppHeader } from './app-header.tsx';
import { MobileNavDrawer } from './mobile-nav-drawer.tsx';

/** Pages with the navbar: header, the mobile drawer and the page itself. */
export function AppLayout() {
  const auth = useAuth();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();

  // A new page closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => drawer.close(), [pathname]);

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header withBorder>
        <AppHeader drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} />
      </AppShell.Header>
      <AppShell.Main bg="gray.0" mih="100dvh">
        <Container size="xl" px={{ base: 'sm', sm: 'lg', lg: 'xl' }} py={{ base: 'lg', sm: 'xl' }}>
          <Outlet />
        </Container>
      </AppShell.Main>
      {auth.status === 'authenticated' ? (
        <>
          <MobileNavDrawer user={auth.session.user} opened={drawerOpened} onClose={drawer.close} />
          <VerifyEmailModal user={auth.session.user} />
        </>
      ) : null}
    </AppShell>
  );
}
