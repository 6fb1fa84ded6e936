import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import { DELIVERY_MOVE_DAY_MSG as M } from '@haulpro/shared/move-day';
import { describe, expect, it } from 'vitest';
import {
  deliveryJobState,
  isMoveDayOpen,
  MOVE_DAY_STEPS,
  moveDayFlags,
  moveDayRefusal,
  payoutProofRefusal,
  type TMoveDayRow,
} from './delivery-move-day-rules.ts';

// Wednesday 2026-11-25, 10:00 in Los Angeles.
const NOW = new Date('2026-11-25T18:00:00Z');
const AT = new Date('2026-11-25T17:00:00Z');
const row = (patch: Partial<TMoveDayRow> = {}): TMoveDayRow => ({
  status: S.accepted,
  arrivalDate: '2026-11-25',
  timeZone: 'America/Los_Angeles',
  onMyWayAt: null,
  arrivedAt: null,
  pickupPhoto: null,
  dropoffPhoto: null,
  ...patch,
});
const started = { onMyWayAt: AT };
const arrived = { ...started, arrivedAt: AT };
const picked = { ...arrived, pickupPhoto: '/uploads/jobs/a.png' };

describe('a delivery’s move day', () => {
  it('opens on the delivery date where the delivery is, for an accepted delivery only', () => {
    expect(isMoveDayOpen(row(), NOW)).toBe(true);
    expect(isMoveDayOpen(row({ arrivalDate: '2026-11-24' }), NOW)).toBe(true);
    expect(isMoveDayOpen(row({ arrivalDate: '2026-11-26' }), NOW)).toBe(false);
    // 2026-11-26 02:00 UTC is still the 25th in Los Angeles.
    expect(isMoveDayOpen(row({ arrivalDate: '2026-11-26' }), new Date('2026-11-26T02:00:00Z'))).toBe(false);
    for (const status of [S.waitingForPayment, S.new, S.customerCancelled, S.waitingForComplete, S.completed])
      for (const step of MOVE_DAY_STEPS) expect(moveDayRefusal(row({ status }), step, NOW)).toBe(M.notOpen);
  });

  it('takes the steps in order, each once (a photo may be replaced)', () => {
    const cases: [Partial<TMoveDayRow>, Record<(typeof MOVE_DAY_STEPS)[number], string | null>][] = [
      [
        {},
        {
          on_my_way: null,
          arrived: M.nextOnMyWay,
          pickup_photo: M.nextOnMyWay,
          dropoff_photo: M.nextOnMyWay,
        },
      ],
      [
        started,
        {
          on_my_way: M.alreadyOnMyWay,
          arrived: null,
          pickup_photo: M.nextArrived,
          dropoff_photo: M.nextArrived,
        },
      ],
      [
        arrived,
        {
          on_my_way: M.alreadyOnMyWay,
          arrived: M.alreadyArrived,
          pickup_photo: null,
          dropoff_photo: M.nextPickupPhoto,
        },
      ],
      [
        picked,
        { on_my_way: M.alreadyOnMyWay, arrived: M.alreadyArrived, pickup_photo: null, dropoff_photo: null },
      ],
    ];
    for (const [patch, expected] of cases)
      for (const step of MOVE_DAY_STEPS)
        expect(moveDayRefusal(row(patch), step, NOW), step).toBe(expected[step]);
  });

  it('shows the buttons to the acceptor only', () => {
    expect(moveDayFlags(row(arrived), 'acceptor', NOW)).toEqual({
      can_on_my_way: false,
      can_arrive: false,
      can_upload_pickup_photo: true,
      can_upload_dropoff_photo: false,
    });
    for (const viewer of ['customer', 'bidder'] as const)
      expect(Object.values(moveDayFlags(row(), viewer, NOW)).some(Boolean)).toBe(false);
  });

  it('asks Get Paid for the drop-off photo only once On my way was recorded', () => {
    expect(payoutProofRefusal(row())).toBeNull();
    expect(payoutProofRefusal(row(picked))).toBe(M.dropoffRequired);
    expect(payoutProofRefusal(row({ ...picked, dropoffPhoto: '/uploads/jobs/b.png' }))).toBeNull();
  });

  it('names the state on the Today list', () => {
    expect(deliveryJobState(row())).toBe('not_started');
    expect(deliveryJobState(row(started))).toBe('on_the_way');
    expect(deliveryJobState(row(arrived))).toBe('arrived');
    expect(deliveryJobState(row({ ...arrived, status: S.waitingForComplete }))).toBe('finished');
    expect(deliveryJobState(row({ status: S.completed }))).toBe('finished');
  });
});
