import { FullPageLoader } from '../components/full-page-loader.tsx';
import { useAuth } from '../lib/auth-store.ts';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** Waits for the start-up session check, so guards decide on a known user. */
export function App() {
  const auth = useAuth();
  return (
    <Providers>
      {auth.status === 'checking' ? <FullPageLoader label="Loading your account…" /> : <AppRoutes />}
    </Providers>
  );
}
