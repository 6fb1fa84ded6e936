import { homePathFor } from '@haulpro/shared/navigation';
import { Box, Button, Container, Group, Text } from '@mantine/core';
import { IconListDetails, IconLogin2 } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { saveAddress } from '../../../lib/saved-address.ts';

/** The booking site's header: the logo, and Sign in or My orders. */
function PublicHeader() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const user = auth.status === 'authenticated' ? auth.session.user : null;

  function signIn() {
    // Come back to this very page (and its search) after signing in.
    saveAddress(`${pathname}${search}`);
    navigate('/login');
  }

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg', lg: 'xl' }} justify="space-between" wrap="nowrap">
      <Link
        to={user ? homePathFor(user.role) : '/helper-list'}
        aria-label="Haulpro home"
        style={{ textDecoration: 'none' }}
      >
        <Brand size="sm" />
      </Link>
      {user ? (
        <Button
          component={Link}
          to={homePathFor(user.role)}
          variant="light"
          leftSection={<IconListDetails size={18} />}
        >
          {user.role === 'customer' ? 'My orders' : 'Dashboard'}
        </Button>
      ) : (
        <Button variant="light" leftSection={<IconLogin2 size={18} />} onClick={signIn}>
          Sign in
        </Button>
      )}
    </Group>
  );
}

/** The public booking pages (/helper-list, /book, /delivery): open to everyone, with a simple header. */
export function PublicLayout() {
  return (
    <PageShell header={<PublicHeader />}>
      <Container size="xl" px={{ base: 'sm', sm: 'lg', lg: 'xl' }} py={{ base: 'lg', sm: 'xl' }}>
        <Outlet />
      </Container>
      <Box component="footer" py="xl">
        <Text ta="center" size="xs" c="dimmed">
          © {new Date().getFullYear()} Haulpro · Prices are estimates until the company accepts your order.
        </Text>
      </Box>
    </PageShell>
  );
}
