import type { TCompanySettings } from '@haulpro/shared/pricing';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { optionsKeys } from './options-keys.ts';

/** GET companies/{id}: payment settings and the operating window (company-wide). */
export function getCompanySettings(companyId: number): Promise<TCompanySettings> {
  return api.get<TCompanySettings>(`companies/${companyId}`);
}

export function useCompanySettings(companyId: number) {
  return useQuery({ queryKey: optionsKeys.company(companyId), queryFn: () => getCompanySettings(companyId) });
}
