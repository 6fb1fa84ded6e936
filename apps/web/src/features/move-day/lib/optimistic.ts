import type { TJobView } from '@haulpro/shared/move-day';
import { STATE_AFTER, STEPS_IN } from './job-clock.ts';
import type { TQueuedStep } from './offline-queue.ts';

/**
 * The job as the crew sees it with the steps still waiting to be sent: their events added (at
 * the phone's time), the state and the next steps moved on, answered changes marked. The
 * server's answer replaces all of it once the steps are sent.
 */
export function withQueued(job: TJobView, queued: readonly TQueuedStep[]): TJobView {
  if (queued.length === 0) return job;
  let view = job;
  let n = 0;
  for (const step of queued) {
    n += 1;
    if (step.kind === 'event') {
      const at = step.body.at ?? new Date().toISOString();
      const state = STATE_AFTER[step.body.type];
      view = {
        ...view,
        state,
        events: [
          ...view.events,
          {
            id: -n,
            type: step.body.type,
            at,
            device_at: at,
            corrected: false,
            eta_minutes: step.body.eta_minutes ?? null,
            by: null,
          },
        ],
        next_steps: STEPS_IN[state],
        started_at: step.body.type === 'start' ? (view.started_at ?? at) : view.started_at,
        finished_at: step.body.type === 'finish' ? at : view.finished_at,
        // Signing needs the server's final bill: not before the Finish is sent.
        can_sign: false,
      };
    } else {
      const status = step.kind === 'approve' ? 'approved' : 'declined';
      view = {
        ...view,
        changes: view.changes.map((c) =>
          c.id === step.change_id ? { ...c, status, decided_on: 'site' as const } : c,
        ),
      };
    }
  }
  return view;
}
