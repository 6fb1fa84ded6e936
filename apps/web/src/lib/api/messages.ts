import {
  LIVE_POLL_FALLBACK_MS,
  type TThreadMessage,
  type TThreadState,
  type TUnreadThreads,
} from '@haulpro/shared/talk';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type TPage } from '../api-client.ts';
import { useLiveUp } from '../live-bus.ts';
import { isThreadOf, type TThreadAudience, type TThreadTarget, threadPath } from '../thread-target.ts';

/*
 * The message threads of orders and deliveries (issue 29, decision 031). Several features open a
 * thread (the order and delivery cards of each side, the admin's payout review, the header), so
 * the calls and their keys live here once.
 */

export type TThreadPage = TPage<TThreadMessage, TThreadState>;

export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  thread: (audience: TThreadAudience, target: TThreadTarget) =>
    ['messages', 'thread', audience, target.kind, target.id] as const,
};

/** GET …/messages?page: page 1 is the newest; reading marks the other side's messages read. */
export function getThreadPage(
  audience: TThreadAudience,
  target: TThreadTarget,
  page: number,
  signal?: AbortSignal,
): Promise<TThreadPage> {
  const where = threadPath(audience, target);
  if (!where) return Promise.reject(new Error('This thread cannot be opened here.'));
  // Polled while the live stream is down: a missed read is retried rather than toasted.
  return api.page<TThreadMessage, TThreadState>(where.path, {
    base: where.base,
    query: { page },
    signal,
    errorToast: false,
    successToast: false,
  });
}

/**
 * The thread, newest page first (load earlier pages with fetchNextPage). It is read again on the
 * live stream's `message` events (the caller subscribes) and every 10 s while the stream is down.
 */
export function useThread(audience: TThreadAudience, target: TThreadTarget | null) {
  const liveUp = useLiveUp();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: target ? messageKeys.thread(audience, target) : ['messages', 'thread', 'none'],
    queryFn: async ({ pageParam, signal }) => {
      if (!target) throw new Error('No thread');
      const page = await getThreadPage(audience, target, pageParam, signal);
      // This read marked the other side's messages read: the header's and cards' counts change.
      if (page.meta.unread_count > 0) void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    enabled: target !== null,
    staleTime: 0,
    refetchInterval: liveUp || audience === 'admin' ? false : LIVE_POLL_FALLBACK_MS,
  });
}

export type TSendMessage = { body: string; photos: string[] };

/** POST …/messages { body, photos }: the errors (422, 409) are shown by the composer, not toasted. */
export function useSendMessage(audience: TThreadAudience, target: TThreadTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSendMessage) => {
      const where = threadPath(audience, target);
      if (!where) return Promise.reject(new Error('This thread takes no message here.'));
      return api.post<TThreadMessage>(where.path, input, {
        base: where.base,
        errorToast: false,
        successToast: false,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.thread(audience, target) }),
  });
}

/** GET messages/unread: the header's total and each card's count (one call for the whole page). */
export function getUnreadThreads(signal?: AbortSignal): Promise<TUnreadThreads> {
  return api.get<TUnreadThreads>('messages/unread', { signal, errorToast: false, successToast: false });
}

/**
 * `poll`: the header's instance (mounted once per signed-in page) asks every 10 s while the live
 * stream is down; the cards read the same cache without timers of their own.
 */
export function useUnreadThreads(poll = false) {
  const liveUp = useLiveUp();
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => getUnreadThreads(signal),
    staleTime: 5_000,
    refetchInterval: poll && !liveUp ? LIVE_POLL_FALLBACK_MS : false,
  });
}

/** The unread count of one thread (0 while the counts load). */
export function useUnreadOf(target: TThreadTarget): number {
  const { data } = useUnreadThreads(false);
  return data?.threads.find((t) => isThreadOf(target, t))?.unread ?? 0;
}

/** Refreshes the unread counts (a live `message` event). */
export function useRefreshUnread() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messageKeys.unread });
}
