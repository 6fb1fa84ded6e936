import type { TAuthProviders } from '@haulpro/shared/account';
import { useQuery } from '@tanstack/react-query';
import { api, PUBLIC_BASE } from '../../../lib/api-client.ts';

/** GET public/auth/providers: the Google client id when the server has GOOGLE_CLIENT_ID, else null. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => api.get<TAuthProviders>('auth/providers', { base: PUBLIC_BASE, errorToast: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
