import type { TCalendarFeed } from '@haulpro/shared/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const feedKey = (branchId: number) => ['calendar-feed', branchId] as const;

/** GET branches/{id}/calendar-feed: the branch's private iCalendar link (path null until made). */
export function getCalendarFeed(branchId: number): Promise<TCalendarFeed> {
  return api.get<TCalendarFeed>(`branches/${branchId}/calendar-feed`);
}

export function useCalendarFeed(branchId: number) {
  return useQuery({ queryKey: feedKey(branchId), queryFn: () => getCalendarFeed(branchId) });
}

/** POST branches/{id}/calendar-feed: makes the link, or replaces it (the old one stops working). */
export function regenerateCalendarFeed(branchId: number): Promise<TCalendarFeed> {
  return api.post<TCalendarFeed>(`branches/${branchId}/calendar-feed`, {});
}

export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(feedKey(feed.branch_id), feed),
  });
}
