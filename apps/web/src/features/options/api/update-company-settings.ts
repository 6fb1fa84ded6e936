import type { TCompanySettings } from '@haulpro/shared/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCompanySettings } from '../../../lib/api/company-settings.ts';
import { api } from '../../../lib/api-client.ts';

export type TOperatingWindowInput = { accept_in_period_of: number; accept_next_day_move: boolean };

export const OPERATING_WINDOW_FIELDS = ['accept_in_period_of', 'accept_next_day_move'] as const;

type TUpdateCompanySettings = { companyId: number; input: TOperatingWindowInput };

/** PUT companies/{id} with the operating window only; 'Settings saved successfully' is toasted. */
export function updateCompanySettings({
  companyId,
  input,
}: TUpdateCompanySettings): Promise<TCompanySettings> {
  return api.put<TCompanySettings>(`companies/${companyId}`, input, { formFields: OPERATING_WINDOW_FIELDS });
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: (saved, { companyId }) => setCompanySettings(queryClient, companyId, saved),
  });
}
