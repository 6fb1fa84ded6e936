import type { TCalendarAnswer } from '@haulpro/shared/calendar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { blockedDayKeys } from '../../../lib/api/blocked-days/blocked-day-keys.ts';
import { api } from '../../../lib/api-client.ts';

export type TCalendarParams = {
  branchId: number | null;
  from: string;
  to: string;
  statuses: readonly number[];
};

/** Under the `calendar` root: blocked-time changes refresh every cached range (blocked-day-keys.ts). */
export const calendarKeys = {
  range: (p: TCalendarParams) =>
    [...blockedDayKeys.calendarRoot, p.branchId ?? 'all', p.from, p.to, p.statuses.join(',')] as const,
};

/** GET calendar?branch_id=&from=&to=&statuses=: orders and blocked time of a visible range, in one call. */
export function getCalendar(p: TCalendarParams, signal?: AbortSignal): Promise<TCalendarAnswer> {
  return api.get<TCalendarAnswer>('calendar', {
    query: { branch_id: p.branchId ?? undefined, from: p.from, to: p.to, statuses: p.statuses.join(',') },
    signal,
  });
}

export function useCalendar(p: TCalendarParams, enabled = true) {
  return useQuery({
    queryKey: calendarKeys.range(p),
    queryFn: ({ signal }) => getCalendar(p, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && p.statuses.length > 0,
  });
}
