import type { TBranchSummary, TCompanySummary, TRole, TUser } from '@haulpro/shared/user';
import { useSyncExternalStore } from 'react';
import { forgetSession } from './offline-session.ts';
import { queryClient } from './query-client.ts';
import { clearToken, readToken, writeToken } from './token-storage.ts';

export type TSession = { user: TUser; company: TCompanySummary | null; branches: TBranchSummary[] };

export type TAuthState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; session: TSession };

/**
 * The signed-in user lives in a tiny external store rather than in React state, so the API
 * client (outside React) can end the session on a 401 and every guard re-renders at once.
 */
let token: string | null = readToken();
let state: TAuthState = token ? { status: 'checking' } : { status: 'anonymous' };
const listeners = new Set<() => void>();

function set(next: TAuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthState(): TAuthState {
  return state;
}

export function getToken(): string | null {
  return token;
}

export function useAuth(): TAuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

/** The session of a page behind the auth guard; throws if used where nobody is signed in. */
export function useSession(): TSession {
  const current = useAuth();
  if (current.status !== 'authenticated') throw new Error('useSession() needs a signed-in user');
  return current.session;
}

export function useRole(): TRole | null {
  const current = useAuth();
  return current.status === 'authenticated' ? current.session.user.role : null;
}

export function signIn(session: TSession, newToken: string, remember: boolean): void {
  token = newToken;
  writeToken(newToken, remember);
  queryClient.clear();
  set({ status: 'authenticated', session });
}

/** A successful session check: the stored token is good. */
export function confirmSession(session: TSession): void {
  if (!token) return;
  set({ status: 'authenticated', session });
}

export function updateSessionUser(user: TUser): void {
  if (state.status !== 'authenticated') return;
  set({ status: 'authenticated', session: { ...state.session, user } });
}

/** The company's branches changed (added, renamed, deleted): the branch selectors follow. */
export function updateSessionBranches(branches: TBranchSummary[]): void {
  if (state.status !== 'authenticated') return;
  set({ status: 'authenticated', session: { ...state.session, branches } });
}

/** Forgets the token everywhere and drops every cached answer, which also stops polling. */
export function signOut(): void {
  token = null;
  clearToken();
  forgetSession();
  queryClient.clear();
  if (state.status !== 'anonymous') set({ status: 'anonymous' });
}
