import type { TRegister } from '@haulpro/shared/auth';
import type { TUser } from '@haulpro/shared/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const REGISTER_FIELDS = ['first_name', 'last_name', 'email', 'password', 'referral_code'] as const;

/** Customer registration; the answer's message becomes the success toast. */
export function register(input: TRegister): Promise<TUser> {
  return api.post<TUser>('auth/register', input, { formFields: REGISTER_FIELDS });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
