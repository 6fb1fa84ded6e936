import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import { DELIVERY_MOVE_DAY_MSG as M, type TJobState } from '@haulpro/shared/move-day';
import { daysBetween, todayIn } from '../../domain/availability.ts';
import type { TDeliveryViewer } from '../../domain/delivery-machine.ts';

/*
 * A delivery's move day (issue 28, item 2), pure: On my way, Arrived, the pickup photo, the
 * drop-off photo, in that order, by the acceptor of an accepted delivery from its date on (in
 * its time zone). Each step is written once (a photo may be replaced while the delivery is still
 * accepted); the server's flags and the 409s come from the same rules.
 */

export type TMoveDayRow = {
  status: number;
  arrivalDate: string;
  timeZone: string;
  onMyWayAt: Date | null;
  arrivedAt: Date | null;
  pickupPhoto: string | null;
  dropoffPhoto: string | null;
};

export const MOVE_DAY_STEPS = ['on_my_way', 'arrived', 'pickup_photo', 'dropoff_photo'] as const;
export type TMoveDayStep = (typeof MOVE_DAY_STEPS)[number];

/** Accepted, and its date has come where the delivery is. */
export function isMoveDayOpen(d: TMoveDayRow, now: Date): boolean {
  return d.status === S.accepted && daysBetween(todayIn(d.timeZone, now), d.arrivalDate) <= 0;
}

/** Why the acceptor may not take this step now (a 409's message), or null when it may. */
export function moveDayRefusal(d: TMoveDayRow, step: TMoveDayStep, now: Date): string | null {
  if (!isMoveDayOpen(d, now)) return M.notOpen;
  switch (step) {
    case 'on_my_way':
      return d.onMyWayAt ? M.alreadyOnMyWay : null;
    case 'arrived':
      if (!d.onMyWayAt) return M.nextOnMyWay;
      return d.arrivedAt ? M.alreadyArrived : null;
    case 'pickup_photo':
      if (!d.onMyWayAt) return M.nextOnMyWay;
      return d.arrivedAt ? null : M.nextArrived;
    case 'dropoff_photo':
      if (!d.onMyWayAt) return M.nextOnMyWay;
      if (!d.arrivedAt) return M.nextArrived;
      return d.pickupPhoto ? null : M.nextPickupPhoto;
  }
}

/** The acceptor's buttons (everyone else sees none). */
export function moveDayFlags(d: TMoveDayRow, viewer: TDeliveryViewer, now: Date) {
  const may = (step: TMoveDayStep) => viewer === 'acceptor' && moveDayRefusal(d, step, now) === null;
  return {
    can_on_my_way: may('on_my_way'),
    can_arrive: may('arrived'),
    can_upload_pickup_photo: may('pickup_photo'),
    can_upload_dropoff_photo: may('dropoff_photo'),
  };
}

/**
 * Get Paid needs the proof of delivery once the helper used the move-day steps (On my way
 * recorded); deliveries from before them, or a helper who skipped them, submit as before
 * (docs/spec-gaps.md).
 */
export function payoutProofRefusal(d: Pick<TMoveDayRow, 'status' | 'onMyWayAt' | 'dropoffPhoto'>) {
  return d.status === S.accepted && d.onMyWayAt && !d.dropoffPhoto ? M.dropoffRequired : null;
}

/** The delivery's state on the Today list: finished once the payout was submitted. */
export function deliveryJobState(d: Pick<TMoveDayRow, 'status' | 'onMyWayAt' | 'arrivedAt'>): TJobState {
  if (d.status === S.waitingForComplete || d.status === S.completed) return 'finished';
  if (d.arrivedAt) return 'arrived';
  if (d.onMyWayAt) return 'on_the_way';
  return 'not_started';
}
