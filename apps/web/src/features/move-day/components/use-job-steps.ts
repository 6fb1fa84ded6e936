import type { TJobEventInput, TJobEventType } from '@haulpro/shared/move-day';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { decideChange, type TChangeDecision } from '../api/decide-change.ts';
import { storeJob } from '../api/get-job.ts';
import { moveDayKeys } from '../api/move-day-keys.ts';
import { postJobEvent } from '../api/post-job-event.ts';
import { sendQueued } from '../api/send-queued.ts';
import { enqueue, newKey, queuedSteps, type TQueuedStep, useQueuedSteps } from '../lib/offline-queue.ts';

/** While steps wait, the network is tried again this often (an 'online' event may come too early). */
const RETRY_MS = 20_000;

function showRefused(message: string) {
  notifications.show({ color: 'red', title: 'A step was not recorded', message });
}

/**
 * The crew's steps and the customer's taps on one job, online or not: each is sent at once when
 * the network is there, or queued with the phone's time and its key and sent in order when it
 * comes back (on `online`, on load, and every 20 s while something waits).
 */
export function useJobSteps(userId: number, orderId: number) {
  const queryClient = useQueryClient();
  const queued = useQueuedSteps(orderId);
  const [busy, setBusy] = useState<string | null>(null);

  const flush = useCallback(async () => {
    if (queuedSteps().length === 0) return;
    const result = await sendQueued();
    for (const job of result.jobs) storeJob(queryClient, userId, job);
    for (const r of result.refused) showRefused(r.message);
    if (result.refused.length > 0) await queryClient.invalidateQueries({ queryKey: moveDayKeys.all });
  }, [queryClient, userId]);

  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  const waiting = queued.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  /** Sends one step, or queues it when there is no network (or earlier steps still wait). */
  const submit = useCallback(
    async (step: TQueuedStep, call: () => Promise<unknown>) => {
      const behind = queuedSteps().some((s) => s.order_id === orderId);
      if (!navigator.onLine || behind) {
        enqueue(step);
        if (navigator.onLine) void flush();
        return;
      }
      setBusy(step.key);
      try {
        await call();
      } catch (error) {
        if (error instanceof ApiError && error.noAnswer) enqueue(step);
        else {
          if (error instanceof Error) showRefused(error.message);
          await queryClient.invalidateQueries({ queryKey: moveDayKeys.job(orderId) });
        }
      } finally {
        setBusy(null);
      }
    },
    [orderId, flush, queryClient],
  );

  const step = useCallback(
    (type: TJobEventType, etaMinutes?: number) => {
      const body: TJobEventInput = {
        type,
        at: new Date().toISOString(),
        idempotency_key: newKey(),
        ...(etaMinutes ? { eta_minutes: etaMinutes } : {}),
      };
      return submit({ key: body.idempotency_key, order_id: orderId, kind: 'event', body }, async () =>
        storeJob(queryClient, userId, await postJobEvent(orderId, body, true)),
      );
    },
    [submit, orderId, queryClient, userId],
  );

  const decide = useCallback(
    (changeId: number, decision: TChangeDecision) =>
      submit({ key: newKey(), order_id: orderId, kind: decision, change_id: changeId }, async () =>
        storeJob(queryClient, userId, await decideChange(orderId, changeId, decision, true)),
      ),
    [submit, orderId, queryClient, userId],
  );

  return { queued, busy: busy !== null, step, decide };
}
