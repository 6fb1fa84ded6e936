import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of blocked time, used by the options page's operating calendar and the company
 * calendar. The calendar's answers (`calendar` key root) hold blocked time too, so a change here
 * refreshes both.
 */
export const blockedDayKeys = {
  branch: (branchId: number) => ['blocked-days', branchId] as const,
  range: (branchId: number, from: string, to: string | null) => ['blocked-days', branchId, from, to] as const,
  calendarRoot: ['calendar'] as const,
};

export function invalidateBlockedTime(queryClient: QueryClient, branchId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: blockedDayKeys.branch(branchId) }),
    queryClient.invalidateQueries({ queryKey: blockedDayKeys.calendarRoot }),
  ]);
}
