import { useDeferredValue } from 'react';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { useAuth } from '../lib/auth-store.ts';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/**
 * Waits for the start-up session check, so guards decide on a known user.
 *
 * The check's answer comes through an external store, whose updates React renders in one
 * synchronous task. The first page is therefore drawn from a deferred copy of "checked", which
 * React renders in slices. A first visit to the dashboard already has its lists' answers by
 * then (they are asked for beside the check), and drawing its 30 cards at once held a phone's
 * main thread for 760-880 ms (Chromium's trace, CPU 4x slower; decision 047). The loader stays
 * until the page is drawn.
 */
export function App() {
  return (
    <Providers>
      <FirstPage />
    </Providers>
  );
}

/**
 * The loader, then the routes. Apart from `App`, so the session check's answers re-render only
 * this: a new child of the providers re-rendered MantineProvider, which works out every theme CSS
 * variable again on each render (4 % of a phone's busy time before the first draw, in a profile).
 */
function FirstPage() {
  const auth = useAuth();
  const checked = useDeferredValue(auth.status !== 'checking');
  return checked ? <AppRoutes /> : <FullPageLoader label="Loading your account…" />;
}
