import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../../lib/live-bus.ts';
import { moveDayKeys } from './move-day-keys.ts';

/** Today and the job page follow their orders and deliveries (a step, a change, a new job). */
export function useMoveDayLiveRefresh(): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: moveDayKeys.all });
  };
  useLiveEvent('order', refresh);
  useLiveEvent('delivery', refresh);
}
