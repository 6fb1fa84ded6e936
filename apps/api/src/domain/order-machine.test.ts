import { ORDER_STATUSES, ORDER_STATUS as S, type TOrderStatus, ZReason } from '@haulpro/shared/order';
import { describe, expect, it } from 'vitest';
import {
  completesOrder,
  isCustomerPhoneRevealed,
  ORDER_ACTIONS,
  orderFlags,
  responseDeadline,
  type TOrderAction,
  type TOrderState,
  type TViewer,
  tillAutoReject,
  transition,
} from './order-machine.ts';

// Monday 2026-11-23, 10:00 in Los Angeles; the move is on that day unless a test says otherwise.
const now = new Date('2026-11-23T18:00:00Z');
const REASON = 'The crew is no longer available on that day.';

type TVariant = '0' | '1' | '2' | '3' | '4' | '5' | '6c' | '6h' | '7';
const VARIANTS: TVariant[] = ['0', '1', '2', '3', '4', '5', '6c', '6h', '7'];

function order(v: TVariant, patch: Partial<TOrderState> = {}): TOrderState {
  const rescheduling = v === '6c' || v === '6h';
  return {
    status: (rescheduling ? 6 : Number(v)) as TOrderStatus,
    statusBeforeReschedule: rescheduling ? S.accepted : null,
    rescheduleRequestedBy: v === '6c' ? 'customer' : v === '6h' ? 'company' : null,
    arrivalDate: '2026-11-23',
    timeZone: 'America/Los_Angeles',
    responseDeadline: new Date(now.getTime() + 3_600_000),
    archivedByCustomer: false,
    archivedByCompany: false,
    reviewedByCustomer: false,
    reviewedByCompany: false,
    ...patch,
  };
}

/** The permission matrix (decision 007): where each party may take each action. */
const ALLOWED: Record<TViewer, Record<TOrderAction, TVariant[]>> = {
  company: {
    accept: ['1'],
    reject: ['1'],
    request_reschedule: ['1', '2'],
    reschedule_instantly: ['1', '2'],
    approve_reschedule: ['6c'],
    reject_reschedule: ['6c'],
    complete: ['2'],
    cancel: ['2', '6c'],
    archive: ['3', '4', '5'],
    review: ['5'],
    expire: [],
    paid: [],
  },
  customer: {
    accept: [],
    reject: [],
    request_reschedule: ['1', '2'],
    reschedule_instantly: [],
    approve_reschedule: ['6h'],
    reject_reschedule: ['6h'],
    complete: ['7'],
    cancel: ['0', '1', '2', '6c', '6h'],
    archive: ['3', '4', '5'],
    review: ['5'],
    expire: [],
    paid: [],
  },
};

function expectedNext(v: TVariant, party: TViewer, action: TOrderAction): Partial<TOrderState> {
  const status = order(v).status;
  switch (action) {
    case 'accept':
      return { status: S.accepted };
    case 'reject':
      return { status: S.rejected };
    case 'request_reschedule':
      return { status: S.beingRescheduled, statusBeforeReschedule: status, rescheduleRequestedBy: party };
    case 'reschedule_instantly':
      return { status };
    case 'approve_reschedule':
    case 'reject_reschedule':
      return { status: S.accepted, statusBeforeReschedule: null, rescheduleRequestedBy: null };
    case 'complete':
      return { status: party === 'company' ? S.beingCompleted : S.completed };
    case 'cancel':
      return { status: S.cancelled, statusBeforeReschedule: null, rescheduleRequestedBy: null };
    case 'archive':
      return party === 'customer'
        ? { status, archivedByCustomer: true }
        : { status, archivedByCompany: true };
    case 'review':
      return party === 'customer'
        ? { status, reviewedByCustomer: true }
        : { status, reviewedByCompany: true };
    case 'expire':
    case 'paid':
      return {};
  }
}

describe('every status x party x action', () => {
  const cases = VARIANTS.flatMap((v) =>
    (['company', 'customer'] as const).flatMap((party) =>
      ORDER_ACTIONS.map((action) => [v, party, action] as const),
    ),
  );
  it('covers 9 states x 2 parties x 12 actions', () => expect(cases).toHaveLength(216));
  it.each(cases)('status %s, %s, %s', (v, party, action) => {
    const r = transition(order(v), party, action, now, REASON);
    if (ALLOWED[party][action].includes(v)) {
      expect(r).toEqual({ ok: true, next: expect.objectContaining(expectedNext(v, party, action)) });
    } else {
      expect(r).toMatchObject({ ok: false, code: 'not_allowed' });
    }
  });
});

describe('conditions inside a state', () => {
  it('cancel and reschedule rejection need a reason', () => {
    expect(transition(order('2'), 'company', 'cancel', now)).toMatchObject({
      ok: false,
      code: 'reason_required',
    });
    expect(transition(order('1'), 'customer', 'cancel', now, '   ')).toMatchObject({
      ok: false,
      code: 'reason_required',
    });
    expect(transition(order('6h'), 'customer', 'reject_reschedule', now)).toMatchObject({
      ok: false,
      code: 'reason_required',
    });
    expect(transition(order('6c'), 'company', 'approve_reschedule', now)).toMatchObject({ ok: true });
  });
  it('the company completes only on or after the move date (branch time zone)', () => {
    const tomorrow = order('2', { arrivalDate: '2026-11-24' });
    expect(transition(tomorrow, 'company', 'complete', now)).toMatchObject({ ok: false, code: 'too_early' });
    expect(transition(order('2', { arrivalDate: '2026-11-22' }), 'company', 'complete', now)).toMatchObject({
      ok: true,
    });
    // 2026-11-24 07:30 UTC is still 2026-11-23 in Los Angeles.
    expect(transition(tomorrow, 'company', 'complete', new Date('2026-11-24T07:30:00Z'))).toMatchObject({
      code: 'too_early',
    });
    expect(transition(tomorrow, 'company', 'complete', new Date('2026-11-24T08:30:00Z'))).toMatchObject({
      ok: true,
    });
  });
  it('an overdue New order cannot be accepted; the system rejects it', () => {
    const overdue = order('1', { responseDeadline: new Date(now.getTime() - 1000) });
    expect(transition(overdue, 'company', 'accept', now)).toMatchObject({ ok: false, code: 'expired' });
    expect(transition(overdue, 'system', 'expire', now)).toEqual({
      ok: true,
      next: expect.objectContaining({ status: S.rejected }),
    });
    expect(transition(order('1'), 'system', 'expire', now)).toMatchObject({ ok: false, code: 'too_early' });
    expect(transition(order('2'), 'system', 'expire', now)).toMatchObject({ ok: false, code: 'not_allowed' });
    expect(transition(order('1'), 'system', 'accept', now)).toMatchObject({ ok: false, code: 'not_allowed' });
  });
  it('the system takes only its own three actions: expire (New, overdue), paid (Waiting For Payment) and complete (Being Completed, decision 030)', () => {
    const overdue = (v: TVariant) => order(v, { responseDeadline: new Date(now.getTime() - 1000) });
    for (const v of VARIANTS) {
      for (const action of ORDER_ACTIONS) {
        const r = transition(overdue(v), 'system', action, now);
        if (action === 'expire' && v === '1') {
          expect(r).toEqual({ ok: true, next: { ...overdue(v), status: S.rejected } });
        } else if (action === 'paid' && v === '0') {
          expect(r).toEqual({ ok: true, next: { ...overdue(v), status: S.new } });
        } else if (action === 'complete' && v === '7') {
          expect(r).toEqual({ ok: true, next: { ...overdue(v), status: S.completed } });
        } else {
          expect(r, `${v} ${action}`).toMatchObject({ ok: false, code: 'not_allowed' });
        }
      }
    }
  });
  it('archive and review happen once per side', () => {
    expect(transition(order('5', { archivedByCustomer: true }), 'customer', 'archive', now)).toMatchObject({
      ok: false,
    });
    expect(transition(order('5', { archivedByCustomer: true }), 'company', 'archive', now)).toMatchObject({
      ok: true,
    });
    expect(transition(order('5', { reviewedByCompany: true }), 'company', 'review', now)).toMatchObject({
      ok: false,
    });
  });
  it('a reschedule returns to the status it came from', () => {
    const fromNew = transition(order('1'), 'customer', 'request_reschedule', now);
    expect(fromNew).toMatchObject({
      ok: true,
      next: { status: 6, statusBeforeReschedule: 1, rescheduleRequestedBy: 'customer' },
    });
    if (!fromNew.ok) throw new Error('unreachable');
    expect(transition(fromNew.next, 'company', 'approve_reschedule', now)).toMatchObject({
      ok: true,
      next: { status: S.new },
    });
    // The asker cannot answer their own request.
    expect(transition(fromNew.next, 'customer', 'approve_reschedule', now)).toMatchObject({ ok: false });
  });
});

describe('flags', () => {
  it('helper flags are for the company, customer flags for the customer', () => {
    const c = orderFlags(order('1'), 'customer', now);
    const h = orderFlags(order('1'), 'company', now);
    expect(c).toMatchObject({
      can_accept: false,
      can_reject: false,
      can_cancel: true,
      helperCanAccept: false,
      customerCanCancel: true,
      customerCanReschedule: true,
    });
    expect(h).toMatchObject({
      can_accept: true,
      can_reject: true,
      can_cancel: false,
      helperCanAccept: true,
      customerCanCancel: false,
    });
  });
  it('reschedule flags tell who asked', () => {
    expect(orderFlags(order('6h'), 'customer', now)).toMatchObject({
      isHelperBeingRescheduled: true,
      isCustomerBeingRescheduled: false,
      customerCanRespondToReschedule: true,
    });
    expect(orderFlags(order('6c'), 'company', now)).toMatchObject({
      isCustomerBeingRescheduled: true,
      helperCanRespondToReschedule: true,
      helperCanCancel: true,
      can_cancel: true,
    });
  });
  it('completion, archive, review and hire-a-new-helper', () => {
    expect(orderFlags(order('7'), 'customer', now)).toMatchObject({
      customerCanComplete: true,
      isCustomerReadyToComplete: true,
    });
    expect(orderFlags(order('4'), 'customer', now)).toMatchObject({
      customerCanArchive: true,
      customerCanHireNewHelper: true,
      customerCanReview: false,
    });
    expect(orderFlags(order('5'), 'customer', now)).toMatchObject({
      customerCanArchive: true,
      customerCanHireNewHelper: false,
      customerCanReview: true,
    });
    expect(orderFlags(order('2'), 'company', now)).toMatchObject({
      helperCanComplete: true,
      helperCanCancel: true,
      helperCanArchive: false,
    });
    expect(orderFlags(order('2', { arrivalDate: '2026-11-30' }), 'company', now).helperCanComplete).toBe(
      false,
    );
    expect(orderFlags(order('3', { archivedByCompany: true }), 'company', now)).toMatchObject({
      helperCanArchive: false,
      isArchived: true,
    });
  });
  it('every flag of the spec is computed', () => {
    const keys = Object.keys(orderFlags(order('1'), 'company', now));
    for (const k of [
      'isHelperBeingRescheduled',
      'isCustomerBeingRescheduled',
      'customerCanReschedule',
      'customerCanComplete',
      'customerCanCancel',
      'customerCanArchive',
      'customerCanReview',
      'isCustomerReadyToComplete',
      'helperCanAccept',
      'helperCanComplete',
      'helperCanCancel',
      'helperCanArchive',
      'helperCanReview',
      'can_accept',
      'can_reject',
      'can_cancel',
    ]) {
      expect(keys).toContain(k);
    }
  });
});

describe('customer phone', () => {
  it('is revealed to the company once accepted', () => {
    expect(VARIANTS.filter((v) => isCustomerPhoneRevealed(order(v)))).toEqual(['2', '5', '6c', '6h', '7']);
    expect(isCustomerPhoneRevealed(order('6c', { statusBeforeReschedule: S.new }))).toBe(false);
  });
});

describe('response deadline and countdown', () => {
  const placed = new Date('2026-11-20T18:00:00Z');
  it('is 24 hours after placing, never later than an hour before arrival', () => {
    expect(responseDeadline(placed, new Date('2026-11-25T15:00:00Z'))).toEqual(
      new Date('2026-11-21T18:00:00Z'),
    );
    expect(responseDeadline(placed, new Date('2026-11-21T15:00:00Z'))).toEqual(
      new Date('2026-11-21T14:00:00Z'),
    );
    expect(responseDeadline(placed, new Date('2026-11-25T15:00:00Z'), 6)).toEqual(
      new Date('2026-11-21T00:00:00Z'),
    );
    expect(responseDeadline(placed, new Date('2026-11-20T18:30:00Z'))).toEqual(placed);
  });
  it('till_auto_reject counts seconds for New orders only and stops at 0', () => {
    const o = order('1', { responseDeadline: new Date(now.getTime() + 90_500) });
    expect(tillAutoReject(o, now)).toBe(90);
    expect(tillAutoReject(o, new Date(now.getTime() + 100_000))).toBe(0);
    expect(tillAutoReject(order('2'), now)).toBeNull();
  });
});

describe('reasons', () => {
  it('are required and at least 20 characters (spec messages)', () => {
    expect(ZReason.safeParse('').error?.issues.map((i) => i.message)).toEqual(['This field is required.']);
    expect(ZReason.safeParse('Too short!').error?.issues.map((i) => i.message)).toEqual([
      'Minimum 20 characters required.',
    ]);
    expect(ZReason.safeParse(`  ${'x'.repeat(20)}  `).success).toBe(true);
  });
});

describe('completesOrder', () => {
  it('is true only for a step into Completed from any other status', () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES)
        expect(completesOrder(from, to), `${from} -> ${to}`).toBe(to === S.completed && from !== S.completed);
    expect(completesOrder(S.beingCompleted, S.completed)).toBe(true);
    expect(completesOrder(S.completed, S.completed)).toBe(false);
  });
  it('happens once: no step of any party leaves Completed, and only a Completed order takes reviews', () => {
    // So an order that a step has just completed has no reviews yet (its answer reads none).
    for (const party of ['company', 'customer', 'system'] as const)
      for (const action of ORDER_ACTIONS) {
        const r = transition(order('5'), party, action, now, REASON);
        if (r.ok) expect(r.next.status, `${party} ${action}`).toBe(S.completed);
      }
    for (const v of VARIANTS)
      for (const party of ['company', 'customer'] as const) {
        const r = transition(order(v), party, 'review', now);
        expect(r.ok, `${v} ${party}`).toBe(order(v).status === S.completed);
      }
  });
});
