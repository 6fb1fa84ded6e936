import type { TCompanySettings } from '@haulpro/shared/pricing';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/*
 * A company's settings (GET companies/{id}): the Options page edits its operating window, the
 * company profile its payment methods. One key, one cache: a save on either shows on the other.
 */
export const companySettingsKey = (companyId: number) => ['company-settings', companyId] as const;

export function getCompanySettings(companyId: number): Promise<TCompanySettings> {
  return api.get<TCompanySettings>(`companies/${companyId}`);
}

export function useCompanySettings(companyId: number) {
  return useQuery({ queryKey: companySettingsKey(companyId), queryFn: () => getCompanySettings(companyId) });
}

/** What a PUT companies/{id} answered becomes the cached settings. */
export function setCompanySettings(
  queryClient: QueryClient,
  companyId: number,
  saved: TCompanySettings,
): void {
  queryClient.setQueryData(companySettingsKey(companyId), saved);
}
