import type { TPromoGenerate, TPromoView } from '@haulpro/shared/referral';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { referralKeys } from './referral-keys.ts';

/** POST customer/promos/generate: a coupon from the credit, or a gift coupon e-mailed to `email`. */
export function generatePromo(body: TPromoGenerate) {
  return api.post<TPromoView>('customer/promos/generate', body, { formFields: ['amount', 'email'] });
}

export function useGeneratePromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generatePromo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
