import type { TPublicBranchView } from '@haulpro/shared/branch-view';
import { publicBranchApiPath } from '@haulpro/shared/navigation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The answer's types come from its schema (packages/shared/src/branch-view.ts), as types only.
export type { TPublicCrew, TPublicWorkingDay } from '@haulpro/shared/branch-view';
export type TPublicBranch = TPublicBranchView;
export type TPaymentOption = TPublicBranchView['payment_options'][number];

export const publicBranchKeys = {
  one: (slug: string) => ['company-profile', 'public', slug] as const,
};

export function getPublicBranch(slug: string, signal?: AbortSignal): Promise<TPublicBranch> {
  // The same address the server preloads with the page (publicBranchApiPath, shared).
  return api.get<TPublicBranch>(publicBranchApiPath(slug), {
    base: '',
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
