import { useQueryClient } from '@tanstack/react-query';
import { blockedDayKeys } from '../../../lib/api/blocked-days/blocked-day-keys.ts';
import { useLiveEvent } from '../../../lib/live-bus.ts';

/** An order changed: the calendar's visible range shows it at its new status or date. */
export function useCalendarLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvent('order', () => {
    void queryClient.invalidateQueries({ queryKey: blockedDayKeys.calendarRoot });
  });
}
