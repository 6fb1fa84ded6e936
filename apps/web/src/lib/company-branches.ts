import type { TBranch } from '@haulpro/shared/branch';
import type { TBranchSummary } from '@haulpro/shared/user';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client.ts';
import { getAuthState, updateSessionBranches } from './auth-store.ts';

/*
 * GET branches: the company's branches, main first. Shared by the locations page and the
 * branch pickers of every staff page (which is why it lives here, not in a feature).
 */

export const branchKeys = {
  all: ['branches'] as const,
  list: () => ['branches', 'list'] as const,
};

export function listBranches(): Promise<TBranch[]> {
  return api.get<TBranch[]>('branches');
}

export function useCompanyBranches(enabled = true) {
  return useQuery({ queryKey: branchKeys.list(), queryFn: listBranches, enabled });
}

function summaries(list: readonly TBranch[]): TBranchSummary[] {
  return list.map(({ id, name, slug, zip_code, is_main }) => ({ id, name, slug, zip_code, is_main }));
}

/** Hands a fresh branch list to the session (whose branches feed the pickers), if it differs. */
export function syncSessionBranches(list: readonly TBranch[]): void {
  const auth = getAuthState();
  if (auth.status !== 'authenticated') return;
  const next = summaries(list);
  if (JSON.stringify(next) !== JSON.stringify(auth.session.branches)) updateSessionBranches(next);
}

/**
 * While a branch picker is open, load the live list and correct the session's copy with it:
 * branches added, renamed or deleted since sign-in (auth/check also still lists deleted
 * branches: see the report) show as they are now.
 */
export function useLiveBranches(enabled: boolean): void {
  const { data } = useCompanyBranches(enabled);
  useEffect(() => {
    if (data) syncSessionBranches(data);
  }, [data]);
}

/**
 * After a branch is added, changed or deleted: load the list again (spec: "the stored branch
 * list is replaced by a fresh load of branches") and give it to the session, so the header's
 * branch selector follows at once.
 */
export async function reloadBranches(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: branchKeys.all });
  syncSessionBranches(await queryClient.fetchQuery({ queryKey: branchKeys.list(), queryFn: listBranches }));
}
