/*
 * The crew's app opens with no network (issue 28, item 8): the session check at start-up cannot
 * reach the server, and treating that as signed out would lose the job and the steps waiting
 * to be sent. So the last confirmed session of a staff or labor user is kept beside its token,
 * and used only when the browser says it is offline and the token is the same.
 */
const KEY = 'haulpro.offline-session';

// The session's type stays in auth-store.ts (which calls forgetSession): no import cycle.
type TSessionLike = { user: { role: string } };
type TSaved<S> = { tail: string; session: S };

const tailOf = (token: string) => token.slice(-12);

export function rememberSession<S extends TSessionLike>(token: string, session: S): void {
  try {
    if (session.user.role !== 'staff' && session.user.role !== 'labor') {
      window.localStorage.removeItem(KEY);
      return;
    }
    const saved: TSaved<S> = { tail: tailOf(token), session };
    window.localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Storage refused: the app just needs the network to start.
  }
}

/** The saved session of this token, when the browser is offline; otherwise null. */
export function offlineSession<S extends TSessionLike>(token: string): S | null {
  if (navigator.onLine) return null;
  try {
    const raw = window.localStorage.getItem(KEY);
    const saved = raw ? (JSON.parse(raw) as TSaved<S>) : null;
    return saved && saved.tail === tailOf(token) ? saved.session : null;
  } catch {
    return null;
  }
}

export function forgetSession(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
