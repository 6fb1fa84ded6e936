import type { TCancelPreview } from '@haulpro/shared/payouts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export type TCancelPreviewKind = 'orders' | 'deliveries';

/**
 * GET customer/{orders|deliveries}/{id}/cancel-preview: what a cancel now keeps and gives back
 * (decision 029). Read fresh each time the modal opens: the fee moves with the clock.
 */
export function useCancelPreview(kind: TCancelPreviewKind, id: number | null) {
  return useQuery({
    queryKey: ['cancel-preview', kind, id],
    queryFn: () => api.get<TCancelPreview>(`customer/${kind}/${id}/cancel-preview`, { errorToast: false }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
