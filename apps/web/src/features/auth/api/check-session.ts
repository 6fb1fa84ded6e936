import { ApiError, api } from '../../../lib/api-client.ts';
import { confirmSession, getToken, signOut, type TSession } from '../../../lib/auth-store.ts';
import { offlineSession, rememberSession } from '../../../lib/offline-session.ts';

/** How long a check that got no answer waits before it asks once more. */
const RETRY_AFTER_MS = 1_000;

/**
 * Set once this page starts to go (a reload, a link, the tab closing): the browser then cancels
 * the check, and a cancelled check is no answer about the session.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

const noAnswer = (error: unknown) => error instanceof ApiError && error.noAnswer;

const ask = () => api.get<TSession>('auth/check', { errorToast: false, successToast: false });

/**
 * Confirms a stored token once at start-up. Any failure (401, timeout, no answer) treats the
 * user as logged out, as the spec asks, with two exceptions:
 * - a check that got no answer asks once more a second later, unless the page is going. A reload
 *   pressed while the page was still loading cancels its check; signing out on that would sign
 *   out a user who only pressed reload (the next page checks again).
 * - a crew member's phone with no network at all opens with the session it last confirmed (the
 *   move day app works offline, issue 28).
 */
export async function checkSession(): Promise<void> {
  const token = getToken();
  if (!token) return;
  try {
    let session: TSession;
    try {
      session = await ask();
    } catch (error) {
      // Known to be offline (the crew's phone): no point asking again.
      if (!noAnswer(error) || !navigator.onLine) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      if (leaving) return;
      session = await ask();
    }
    rememberSession(token, session);
    confirmSession(session);
  } catch (error) {
    if (leaving) return;
    const saved = noAnswer(error) ? offlineSession<TSession>(token) : null;
    if (saved) confirmSession(saved);
    else signOut();
  }
}
