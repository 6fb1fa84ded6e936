import type { TCompanySettings, TFeeType } from '@haulpro/shared/pricing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The same key the Options page reads the company's settings under: one cache for both. */
export const companySettingsKey = (companyId: number) => ['company-settings', companyId] as const;

export type TPaymentSettingsInput = {
  payment_methods: { uuid?: string; name: string; is_active: boolean }[];
  payment_methods_fee: number | string;
  payment_methods_icon: TFeeType;
};

/** GET companies/{id}: payment methods, the fee and its type (company-wide). */
export function useCompanyPaymentSettings(companyId: number) {
  return useQuery({
    queryKey: companySettingsKey(companyId),
    queryFn: () => api.get<TCompanySettings>(`companies/${companyId}`),
  });
}

/** PUT companies/{id} with the payment settings only; 'Settings saved successfully' is toasted. */
export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: number; input: TPaymentSettingsInput; fields: readonly string[] }) =>
      api.put<TCompanySettings>(`companies/${v.companyId}`, v.input, { formFields: v.fields }),
    onSuccess: (saved, { companyId }) => queryClient.setQueryData(companySettingsKey(companyId), saved),
  });
}
