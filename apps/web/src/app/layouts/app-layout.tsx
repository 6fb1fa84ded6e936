import { Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageShell } from '../../components/page-shell.tsx';
import { withAllStyles } from '../../lib/all-styles.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { AppHeader } from './app-header.tsx';

// Signed-in parts: downloaded with the session (the drawer on its first opening), so a guest's
// first paint of the company page does not wait for them.
const MobileNavDrawer = lazy(() =>
  withAllStyles(import('./mobile-nav-drawer.tsx')).then((m) => ({ default: m.MobileNavDrawer })),
);
const VerifyEmailModal = lazy(() =>
  withAllStyles(import('../../features/auth/components/verify-email-modal.tsx')).then((m) => ({
    default: m.VerifyEmailModal,
  })),
);

/** Pages with the navbar: header, the mobile drawer and the page itself. */
export function AppLayout() {
  const auth = useAuth();
  const [drawerRequested, setDrawerRequested] = useState(false);
  const [drawerOpened, drawer] = useDisclosure(false, { onOpen: () => setDrawerRequested(true) });
  const { pathname } = useLocation();

  // A new page closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => drawer.close(), [pathname]);

  return (
    <>
      <PageShell header={<AppHeader drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} />}>
        <Container size="xl" px={{ base: 'sm', sm: 'lg', lg: 'xl' }} py={{ base: 'lg', sm: 'xl' }}>
          <Outlet />
        </Container>
      </PageShell>
      {auth.status === 'authenticated' ? (
        <Suspense fallback={null}>
          {drawerRequested ? (
            <MobileNavDrawer user={auth.session.user} opened={drawerOpened} onClose={drawer.close} />
          ) : null}
          <VerifyEmailModal user={auth.session.user} />
        </Suspense>
      ) : null}
    </>
  );
}
