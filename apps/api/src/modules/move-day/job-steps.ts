import { distanceKm } from '@haulpro/shared/geo';
import { expectedStepsText, JOB_MSG, type TJobEventInput } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TAuth, TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import { conflict } from '../../domain/errors.ts';
import { driveEtaMinutes, isNextStep, nextSteps, stepTime } from '../../domain/job-clock.ts';
import { onTheWayMail } from '../../mail/templates.ts';
import type { TNotificationsService } from '../notifications/notifications.service.ts';
import type { TOrderJobFront } from '../orders/order-job-front.ts';
import type { TOrderRow } from '../orders/order-view.ts';
import { clockOf, isWorkable } from './job-view.ts';
import {
  branchNameOf,
  driveOf,
  eventByKey,
  eventsOf,
  finishCrew,
  insertEvent,
  lockJob,
  startCrew,
  updateJob,
} from './move-day.repository.ts';

export type TMoveDayCtx = {
  deps: Pick<TDeps, 'db' | 'clock' | 'mailer' | 'config' | 'storage' | 'log' | 'cache'>;
  orders: TOrderJobFront;
  notifications: Pick<TNotificationsService, 'notify'>;
};

const customerLink = (id: number) => `/user-dashboard?order_id=${id}`;

/** "10:35 AM" in the branch's time zone. */
export function clockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
}

/** The customer hears that the crew is on the way, on the bell and by e-mail. */
async function tellOnTheWay(c: TMoveDayCtx, tx: TTx, o: TOrderRow, eta: Date | null) {
  const etaText = eta ? clockTime(eta, o.timeZone) : null;
  await c.notifications.notify(tx, o.customerId, {
    title: `Your movers are on the way${etaText ? `: arriving about ${etaText}` : ''}`,
    link: customerLink(o.id),
  });
  await c.deps.mailer.enqueue(
    tx,
    onTheWayMail(o.email, {
      orderId: o.id,
      branchName: await branchNameOf(tx, o.branchId),
      eta: etaText,
      url: `${c.deps.config.publicUrl}${customerLink(o.id)}`,
    }),
  );
}

/**
 * One step of the crew (issue 28): On my way, Arrived, Start work, Break, Resume, Finish work.
 * Only the order's company's staff, on an accepted order from its move date on. The job's row is
 * locked, so steps of one job run one at a time: the same idempotency key twice records one step
 * (a phone resending after a lost answer), and two phones pressing Finish finish once; a step out
 * of order is a 409 naming the step expected. A phone's own time is kept within the job's day and
 * after the previous step (`corrected` says when it was moved). Finish work steps the order to
 * Being Completed through the order's one writer, in the same transaction.
 */
export async function recordJobStep(
  c: TMoveDayCtx,
  auth: TAuth,
  id: number,
  v: TJobEventInput,
): Promise<void> {
  const { db, clock } = c.deps;
  await c.orders.visible(auth, id, 'company');
  const now = clock.now();
  let stepped = false;
  await db.transaction(async (tx) => {
    const job = await lockJob(tx, id);
    if (await eventByKey(tx, id, v.idempotency_key)) return;
    const o = (await c.orders.findInTx(tx, id))!;
    if (o.status !== ORDER_STATUS.accepted || !isWorkable(o, now)) {
      const done = o.status === ORDER_STATUS.beingCompleted || o.status === ORDER_STATUS.completed;
      throw conflict(done ? JOB_MSG.finished : JOB_MSG.notToday);
    }
    const state = clockOf(await eventsOf(tx, id), now).state;
    if (!isNextStep(state, v.type)) throw conflict(expectedStepsText(nextSteps(state)));
    const device = v.at ? new Date(v.at) : null;
    const { at, corrected } = stepTime(
      device,
      { arrivalDate: o.arrivalDate, timeZone: o.timeZone, lastAt: job.lastAt },
      now,
    );
    // The crew's ETA, or the drive from the branch to the first pickup.
    let eta: number | null = null;
    if (v.type === 'on_my_way') {
      const drive = v.eta_minutes ? null : await driveOf(tx, o.branchId, id);
      eta = v.eta_minutes ?? (drive ? driveEtaMinutes(distanceKm(drive.from, drive.to)) : null);
    }
    await insertEvent(tx, {
      orderId: id,
      type: v.type,
      at,
      deviceAt: device,
      corrected: corrected ? 1 : 0,
      etaMinutes: eta,
      actorUserId: auth.user.id,
      idempotencyKey: v.idempotency_key,
      createdAt: now,
    });
    await updateJob(tx, id, { lastAt: at, ...(v.type === 'finish' ? { finishedAt: at } : {}) });
    if (v.type === 'on_my_way')
      await tellOnTheWay(c, tx, o, eta ? new Date(at.getTime() + eta * 60_000) : null);
    if (v.type === 'start') await startCrew(tx, id, at);
    if (v.type === 'finish') {
      await finishCrew(tx, id, at);
      const r = await c.orders.finishInTx(tx, o, auth.user.id, now);
      if (!r.ok) throw conflict(r.message);
    }
    stepped = true;
  });
  if (stepped) await c.orders.committed(id, false);
}
