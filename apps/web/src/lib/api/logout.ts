import { api } from '../api-client.ts';
import { getToken, signOut } from '../auth-store.ts';

let pending: Promise<void> | null = null;

/**
 * Revokes the token on the server, then forgets it here whatever the answer. Concurrent
 * calls share one request (React's strict mode mounts the logout page twice).
 */
export function logout(): Promise<void> {
  pending ??= (async () => {
    try {
      if (getToken())
        await api.post('auth/logout', undefined, { errorToast: false, sessionEndedToast: false });
    } catch {
      // The token is dropped locally either way.
    } finally {
      signOut();
      pending = null;
    }
  })();
  return pending;
}
