import type { TLogin } from '@haulpro/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { signIn, type TSession } from '../auth-store.ts';

export type TLoginAnswer = TSession & { token: string };
export type TLoginInput = TLogin & { remember: boolean };

export const LOGIN_FIELDS = ['email', 'password'] as const;

/** The form shows every failure itself (field errors and the rate-limit message), so no toasts. */
export function login({ email, password }: TLogin): Promise<TLoginAnswer> {
  return api.post<TLoginAnswer>('auth/login', { email, password }, { errorToast: false });
}

export function useLogin() {
  return useMutation({
    mutationFn: async ({ remember, ...credentials }: TLoginInput) => {
      const answer = await login(credentials);
      const { token, ...session } = answer;
      signIn(session, token, remember);
      return answer;
    },
  });
}
