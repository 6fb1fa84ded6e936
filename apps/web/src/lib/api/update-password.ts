import type { TUpdatePassword } from '@haulpro/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const PASSWORD_FIELDS = ['old_password', 'new_password'] as const;

/** PUT auth/update-password (spec call table); the answer's message is the success toast. */
export function updatePassword(input: TUpdatePassword): Promise<string> {
  return api.message('auth/update-password', {
    method: 'PUT',
    body: input,
    formFields: PASSWORD_FIELDS,
  });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
