import type { TRegisterLabor, TRegisterMover, TSignedIn } from '@haulpro/shared/account';
import { useMutation } from '@tanstack/react-query';
import { api, PUBLIC_BASE } from '../../../lib/api-client.ts';
import { signIn } from '../../../lib/auth-store.ts';

export const MOVER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'password',
  'referral_code',
  'company_name',
  'branch.address',
  'branch.zip_code',
  'branch.primary_phone',
  'branch.name',
] as const;
export const LABOR_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'password',
  'referral_code',
  'phone',
  'zip_code',
] as const;

type TVars = { kind: 'mover'; body: TRegisterMover } | { kind: 'labor'; body: TRegisterLabor };

/** POST public/register/mover or public/register/labor; the new account is signed in. */
export function useRegisterAccount() {
  return useMutation({
    mutationFn: async (v: TVars) => {
      const answer = await api.post<TSignedIn>(`register/${v.kind}`, v.body, {
        base: PUBLIC_BASE,
        formFields: v.kind === 'mover' ? MOVER_FIELDS : LABOR_FIELDS,
      });
      const { token, ...session } = answer;
      signIn(session, token, true);
      return answer;
    },
  });
}
