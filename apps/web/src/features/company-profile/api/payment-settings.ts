import type { TCompanySettings, TFeeType } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCompanySettings, useCompanySettings } from '../../../lib/api/company-settings.ts';
import { api } from '../../../lib/api-client.ts';

export type TPaymentSettingsInput = {
  payment_methods: { uuid?: string; name: string; is_active: boolean }[];
  payment_methods_fee: number | string;
  payment_methods_icon: TFeeType;
};

/** GET companies/{id}: payment methods, the fee and its type (company-wide). */
export const useCompanyPaymentSettings = useCompanySettings;

/** PUT companies/{id} with the payment settings only; 'Settings saved successfully' is toasted. */
export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: number; input: TPaymentSettingsInput; fields: readonly string[] }) =>
      api.put<TCompanySettings>(`companies/${v.companyId}`, v.input, { formFields: v.fields }),
    onSuccess: (saved, { companyId }) => setCompanySettings(queryClient, companyId, saved),
  });
}
