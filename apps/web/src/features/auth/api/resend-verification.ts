import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Sends the verification e-mail again; the answer's message is toasted. */
export function resendVerification(): Promise<string> {
  return api.message('auth/email/resend', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
