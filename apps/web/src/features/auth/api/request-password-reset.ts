import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Asks for a reset link; the server answers with the same message whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<string> {
  return api.message(`auth/reset-password/${encodeURIComponent(email)}`, {
    successToast: false,
    formFields: ['email'],
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
