import type { TCancellationPolicy, TCancellationPolicyInput } from '@haulpro/shared/cancellation';
import { CANCELLATION_LIMITS } from '@haulpro/shared/cancellation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET/PUT dashboard/cancellation-policy: the company's late-cancellation tiers (decision 029). */
export const cancellationPolicyKey = ['cancellation-policy'] as const;

/** Every field a 422 may name: the list, and each tier's two numbers. */
export const CANCELLATION_POLICY_FIELDS: readonly string[] = [
  'tiers',
  ...Array.from({ length: CANCELLATION_LIMITS.maxTiers }, (_, i) => [
    `tiers.${i}.hours_before`,
    `tiers.${i}.percent`,
  ]).flat(),
];

export function useCancellationPolicy() {
  return useQuery({
    queryKey: cancellationPolicyKey,
    queryFn: () => api.get<TCancellationPolicy>('cancellation-policy'),
  });
}

export function useSaveCancellationPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCancellationPolicyInput) =>
      api.put<TCancellationPolicy>('cancellation-policy', input, { formFields: CANCELLATION_POLICY_FIELDS }),
    onSuccess: (saved) => queryClient.setQueryData(cancellationPolicyKey, saved),
  });
}
