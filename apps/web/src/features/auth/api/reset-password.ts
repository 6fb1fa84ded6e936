import type { TResetPassword } from '@haulpro/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Sets a new password from an e-mailed link; the page shows link errors itself. */
export function resetPassword(input: TResetPassword): Promise<string> {
  return api.message('auth/reset-password', {
    method: 'POST',
    body: input,
    formFields: ['token', 'password'],
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
