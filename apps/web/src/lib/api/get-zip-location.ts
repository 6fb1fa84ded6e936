import type { TZipInfo } from '@haulpro/shared/geo';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api-client.ts';
import { geoKeys } from './geo-keys.ts';

/**
 * GET latLng/{zip}: the ZIP's coordinates with its state, city and county; null for a ZIP
 * the server does not know (404 'Invalid zip code'). The form shows that under the field,
 * so nothing is toasted.
 */
export async function getZipLocation(zip: string): Promise<TZipInfo | null> {
  try {
    return await api.get<TZipInfo>(`latLng/${encodeURIComponent(zip)}`, { errorToast: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The same answer through the query cache, for event handlers. */
export function fetchZipLocation(queryClient: QueryClient, zip: string): Promise<TZipInfo | null> {
  return queryClient.fetchQuery({
    queryKey: geoKeys.zip(zip),
    queryFn: () => getZipLocation(zip),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
