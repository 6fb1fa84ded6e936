import type { TUser } from '@haulpro/shared/user';
import { api } from '../../../lib/api-client.ts';
import { signIn } from '../../../lib/auth-store.ts';
import { checkSession } from './check-session.ts';

/**
 * Third-party sign-in (spec call table: POST google/auth/login-via-token with the token,
 * answering user and token). The session check then fills in company and branches.
 */
export async function loginWithGoogleToken(credential: string, remember: boolean): Promise<void> {
  const answer = await api.post<{ user: TUser; token: string }>(
    'auth/login-via-token',
    { token: credential },
    { base: '/api/google' },
  );
  signIn({ user: answer.user, company: null, branches: [] }, answer.token, remember);
  await checkSession();
}
