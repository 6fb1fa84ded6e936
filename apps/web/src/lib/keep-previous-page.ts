import type { Query, QueryKey } from '@tanstack/react-query';

/**
 * Query options for one page of a paged list. While another page of the same list loads, the
 * page on screen stays (no flash of a loader between pages). A different list (another tab,
 * status filter or branch) never borrows it: showing the Active cards under the Archive tab until
 * the archive arrives would be a lie, so that list shows its own loading state instead.
 *
 * `list` names the list without its page, e.g. `['archive']` or `[tab, branchId]`.
 */
export function keepPreviousPage(list: readonly unknown[]) {
  const id = JSON.stringify(list);
  return {
    meta: { pagedList: id },
    placeholderData: <TData>(
      previous: TData | undefined,
      previousQuery: Query<TData, Error, TData, QueryKey> | undefined,
    ): TData | undefined => (previousQuery?.meta?.pagedList === id ? previous : undefined),
  };
}
