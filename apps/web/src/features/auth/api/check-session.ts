import { api } from '../../../lib/api-client.ts';
import { confirmSession, getToken, signOut, type TSession } from '../../../lib/auth-store.ts';

/**
 * Confirms a stored token once at start-up. Any failure (401, timeout, no answer) treats the
 * user as logged out, as the spec asks.
 */
export async function checkSession(): Promise<void> {
  if (!getToken()) return;
  try {
    confirmSession(await api.get<TSession>('auth/check', { errorToast: false, successToast: false }));
  } catch {
    signOut();
  }
}
