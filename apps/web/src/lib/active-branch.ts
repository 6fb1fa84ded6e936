import type { TBranchSummary } from '@haulpro/shared/user';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSession } from './auth-store.ts';

/**
 * The staff member's active branch (spec: "Selecting switches the active branch"): a branch
 * id, or null for All Branches (the whole company). Kept per user in localStorage so it
 * survives reloads; the same tab and other tabs follow changes at once.
 */
const PREFIX = 'haulpro.active-branch.';
const ALL = 'all';

const memory = new Map<number, number | null>();
const listeners = new Set<() => void>();

function storageKey(userId: number): string {
  return `${PREFIX}${userId}`;
}

function parse(raw: string | null): number | null {
  if (!raw || raw === ALL) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The saved choice, whether or not that branch still exists (see useActiveBranch). */
export function readActiveBranchId(userId: number): number | null {
  if (memory.has(userId)) return memory.get(userId) ?? null;
  let saved: number | null = null;
  try {
    saved = parse(window.localStorage.getItem(storageKey(userId)));
  } catch {
    // Without storage the choice lives for this page only.
  }
  memory.set(userId, saved);
  return saved;
}

export function writeActiveBranchId(userId: number, branchId: number | null): void {
  memory.set(userId, branchId);
  try {
    window.localStorage.setItem(storageKey(userId), branchId === null ? ALL : String(branchId));
  } catch {
    // Kept in memory only.
  }
  notify();
}

export function subscribeActiveBranch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab switched branch: forget the cached value so the next read sees it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(PREFIX)) {
      memory.clear();
      notify();
    }
  });
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
  const saved = useSyncExternalStore(
    subscribeActiveBranch,
    () => readActiveBranchId(userId),
    () => null,
  );
  const branches = useMemo(() => mainFirst(sessionBranches), [sessionBranches]);
  const branch = saved === null ? null : (branches.find((b) => b.id === saved) ?? null);
  const select = useCallback((branchId: number | null) => writeActiveBranchId(userId, branchId), [userId]);
  return { branchId: branch?.id ?? null, branch, branches, select };
}
