import type { TBranchSummary } from '@haulpro/shared/user';
import { useLocalStorage } from '@mantine/hooks';
import { useMemo } from 'react';
import { useSession } from './auth-store.ts';

/**
 * The staff member's active branch (spec: "Selecting switches the active branch"): a branch
 * id, or null for All Branches (the whole company). Kept per user in localStorage
 * ('haulpro.active-branch.{userId}': the id, or 'all') so it survives reloads; Mantine's
 * useLocalStorage keeps every hook on the key in step, in this tab and in the others.
 */
const PREFIX = 'haulpro.active-branch.';
const ALL = 'all';

/** A saved id, or null (All Branches) for 'all', a missing key or anything else. */
function parse(raw: string | undefined): number | null {
  if (!raw || raw === ALL) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function serialize(branchId: number | null | undefined): string {
  return branchId == null ? ALL : String(branchId);
}

/** The company's branches for a picker: main branch first, then by name. */
function mainFirst<T extends Pick<TBranchSummary, 'is_main' | 'name' | 'id'>>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) =>
      Number(b.is_main) - Number(a.is_main) ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }) ||
      a.id - b.id,
  );
}

export type TActiveBranch = {
  /** The active branch id, or null for All Branches. */
  branchId: number | null;
  /** The active branch, or null for All Branches. */
  branch: TBranchSummary | null;
  /** The company's branches, main first. */
  branches: TBranchSummary[];
  select: (branchId: number | null) => void;
};

/**
 * The active branch of the signed-in staff member. A saved branch that no longer exists
 * (deleted, or another company's after switching accounts) counts as All Branches.
 */
export function useActiveBranch(): TActiveBranch {
  const { user, branches: sessionBranches } = useSession();
  const userId = user.id;
  // Read at the first render (no All Branches frame first); no default, so nothing is written
  // to storage until the user picks a branch.
  const [saved, setSaved] = useLocalStorage<number | null | undefined>({
    key: `${PREFIX}${userId}`,
    defaultValue: undefined,
    getInitialValueInEffect: false,
    serialize,
    deserialize: parse,
  });
  const branches = useMemo(() => mainFirst(sessionBranches), [sessionBranches]);
  const branch = saved == null ? null : (branches.find((b) => b.id === saved) ?? null);
  return { branchId: branch?.id ?? null, branch, branches, select: setSaved };
}
