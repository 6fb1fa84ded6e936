import { DEFAULT_BRANCH_TIME_ZONE } from '@haulpro/shared/constants';
import type { TBranchSummary } from '@haulpro/shared/user';
import { useActiveBranch } from './active-branch.ts';
import { useCompanyBranches } from './company-branches.ts';

export type TSettingsBranch = {
  /** The branch whose settings the page shows, or null when the company has none. */
  branch: TBranchSummary | null;
  /** True when All Branches is active and the page fell back to the main branch. */
  isFallback: boolean;
  /** The branch's IANA time zone ("today" for blocked time and offers is the branch's today). */
  timeZone: string;
};

/**
 * Pricing and options are set per branch. With a branch active they show that branch; with
 * All Branches they show the main branch (the first of the main-first list) and say so.
 */
export function useSettingsBranch(): TSettingsBranch {
  const { branch, branches } = useActiveBranch();
  const live = useCompanyBranches();
  const shown = branch ?? branches[0] ?? null;
  const timeZone = live.data?.find((b) => b.id === shown?.id)?.time_zone ?? DEFAULT_BRANCH_TIME_ZONE;
  return { branch: shown, isFallback: branch === null && shown !== null, timeZone };
}
