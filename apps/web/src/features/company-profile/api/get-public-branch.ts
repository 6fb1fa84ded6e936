import type { TReview } from '@haulpro/shared/review';
import { useQuery } from '@tanstack/react-query';
import { api, PUBLIC_BASE } from '../../../lib/api-client.ts';

/** One crew a branch offers (money in dollars). */
export type TPublicCrew = {
  id: number;
  employees_count: number;
  minimum_hours: number;
  hourly: number;
  truck_number: number;
  truck_size: string | null;
};

export type TPublicWorkingDay = {
  /** 0 = Sunday .. 6 = Saturday. */
  day: number;
  is_active: boolean;
  /** 0..24 */
  from_hour: number;
  /** 0..24 */
  to_hour: number;
};

export type TPaymentMethod = 'cash' | 'electronic';

/** GET public/branches/{slug}: the public page of a branch. */
export type TPublicBranch = {
  branch_id: number;
  slug: string;
  branch_name: string;
  company_name: string;
  logo: string | null;
  address: string;
  city: string | null;
  state: string | null;
  zip_code: string;
  latitude: number;
  longitude: number;
  /** km */
  service_area: number;
  phone: string | null;
  /** One decimal. */
  rating: number;
  reviews_count: number;
  /** YYYY-MM-DD */
  found_date: string | null;
  employees_count: number | null;
  times_hired: number;
  /** 0..1, null with no history. */
  acceptance_rate: number | null;
  /** 0..1, null with no history. */
  cancellation_rate: number | null;
  /** Not in the API yet: the company's introduction (spec: About). */
  introduction?: string | null;
  services: { helpers_only: TPublicCrew[]; helpers_and_trucks: TPublicCrew[] };
  /** Always 7, Sunday first. */
  working_days: TPublicWorkingDay[];
  payment_methods: TPaymentMethod[];
  reviews: TReview[];
};

export const publicBranchKeys = {
  one: (slug: string) => ['company-profile', 'public', slug] as const,
};

export function getPublicBranch(slug: string, signal?: AbortSignal): Promise<TPublicBranch> {
  return api.get<TPublicBranch>(`branches/${encodeURIComponent(slug)}`, {
    base: PUBLIC_BASE,
    signal,
    // The page shows its own not-found and error states.
    errorToast: false,
    successToast: false,
  });
}

export function usePublicBranch(slug: string) {
  return useQuery({
    queryKey: publicBranchKeys.one(slug),
    queryFn: ({ signal }) => getPublicBranch(slug, signal),
    enabled: slug !== '',
    staleTime: 60_000,
  });
}
