import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const verifyEmailKeys = {
  token: (token: string) => ['auth', 'verify-email', token] as const,
};

/** Confirms the e-mail address; the page shows the outcome, so no toasts. */
export function verifyEmail(token: string): Promise<string> {
  return api.message('auth/verify-email', {
    method: 'POST',
    body: { token },
    successToast: false,
    errorToast: false,
  });
}

/**
 * A query rather than a mutation: the link is consumed once, and a query dedupes the
 * double mount of strict mode and keeps the answer while the page is open.
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: verifyEmailKeys.token(token),
    queryFn: () => verifyEmail(token),
    enabled: token.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
