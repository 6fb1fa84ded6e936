import type { TJobView } from '@haulpro/shared/move-day';
import { ApiError } from '../../../lib/api-client.ts';
import { dequeue, queuedSteps, type TQueuedStep } from '../lib/offline-queue.ts';
import { decideChange } from './decide-change.ts';
import { postJobEvent } from './post-job-event.ts';

function send(step: TQueuedStep): Promise<TJobView> {
  return step.kind === 'event'
    ? postJobEvent(step.order_id, step.body, true)
    : decideChange(step.order_id, step.change_id, step.kind, true);
}

export type TSendResult = {
  /** The last answer per order. */
  jobs: TJobView[];
  /** Steps the server refused (out of order after another phone's step, the job finished…). */
  refused: { step: TQueuedStep; message: string }[];
  /** The network is still away: the rest waits. */
  offline: boolean;
};

let running: Promise<TSendResult> | null = null;

/**
 * Sends the waiting steps oldest first, one at a time (each depends on the one before). A step
 * with no answer stops the run and stays queued; a step the server refuses is dropped, since
 * sending it again would be refused again, and reported. One run at a time.
 */
export function sendQueued(): Promise<TSendResult> {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

async function run(): Promise<TSendResult> {
  const jobs = new Map<number, TJobView>();
  const refused: TSendResult['refused'] = [];
  for (const step of queuedSteps()) {
    try {
      jobs.set(step.order_id, await send(step));
      dequeue(step.key);
    } catch (error) {
      if (error instanceof ApiError && !error.noAnswer && error.status !== 401 && error.status < 500) {
        dequeue(step.key);
        refused.push({ step, message: error.message });
        continue;
      }
      return { jobs: [...jobs.values()], refused, offline: true };
    }
  }
  return { jobs: [...jobs.values()], refused, offline: false };
}
