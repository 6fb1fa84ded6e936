import { ApiError, api } from '../../../lib/api-client.ts';
import { confirmSession, getToken, signOut, type TSession } from '../../../lib/auth-store.ts';
import { offlineSession, rememberSession } from '../../../lib/offline-session.ts';

/**
 * Confirms a stored token once at start-up. Any failure (401, timeout, no answer) treats the
 * user as logged out, as the spec asks; except a crew member's phone with no network at all,
 * which opens with the session it last confirmed (the move day app works offline, issue 28).
 */
export async function checkSession(): Promise<void> {
  const token = getToken();
  if (!token) return;
  try {
    const session = await api.get<TSession>('auth/check', { errorToast: false, successToast: false });
    rememberSession(token, session);
    confirmSession(session);
  } catch (error) {
    const saved = error instanceof ApiError && error.status === 0 ? offlineSession<TSession>(token) : null;
    if (saved) confirmSession(saved);
    else signOut();
  }
}
