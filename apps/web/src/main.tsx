import './lib/zod-jitless.ts';
import 'virtual:mantine-critical-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadFirstPage, startSignedInFirstPage } from './app/router.tsx';
import { checkSession } from './features/auth/api/check-session.ts';
import { getToken } from './lib/auth-store.ts';
import { queryClient } from './lib/query-client.ts';

// Start the session check at once; the app shows a loader until it settles.
void checkSession();
// With a stored session, a signed-in first page's code and data start beside the check.
if (getToken()) startSignedInFirstPage(window.location.pathname, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The first page's code is already on its way (the server's entry pages preload it): wait for
// it, up to a limit, so the first frame is the page rather than a loader that it replaces.
const FIRST_PAGE_WAIT_MS = 3000;
void Promise.race([
  preloadFirstPage(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
]).then(() =>
  // A transition: React renders the first page in slices, not as one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
