import { DELIVERY_STATUSES, DELIVERY_STATUS as S, type TDeliveryStatus } from '@haulpro/shared/delivery';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_ACTIONS,
  deliveryFlags,
  deliveryTillAutoReject,
  deliveryTransition,
  entersStatus,
  isCustomerContactShown,
  isDeliveryExpired,
  type TDeliveryAction,
  type TDeliveryParty,
  type TDeliveryState,
} from './delivery-machine.ts';

// Monday 2026-11-23, 10:00 in Los Angeles.
const now = new Date('2026-11-23T18:00:00Z');
const REASON = 'The customer no longer needs the delivery.';

/** 1x: New past its deadline; 1r: New, rejected by this bidder; 2: before the day; 2d: on the day; 4a: payout approved. */
type TVariant = '0' | '1' | '1x' | '1r' | '2' | '2d' | '3' | '4' | '4a' | '5';
const VARIANTS: TVariant[] = ['0', '1', '1x', '1r', '2', '2d', '3', '4', '4a', '5'];
const PARTIES: TDeliveryParty[] = ['customer', 'bidder', 'acceptor', 'admin', 'system'];

function delivery(v: TVariant, patch: Partial<TDeliveryState> = {}): TDeliveryState {
  return {
    status: Number(v.slice(0, 1)) as TDeliveryStatus,
    arrivalDate: v === '2' ? '2026-11-25' : '2026-11-23',
    timeZone: 'America/Los_Angeles',
    deadline: new Date(now.getTime() + (v === '1x' ? -60_000 : 3_600_000)),
    payoutApproved: v === '4a',
    rejectedByViewer: v === '1r',
    archivedByCustomer: false,
    archivedByAcceptor: false,
    reviewedByCustomer: false,
    reviewedByAcceptor: false,
    ...patch,
  };
}

/** The permission matrix (decision 016): where each party may take each action. */
const ALLOWED: Record<TDeliveryParty, Partial<Record<TDeliveryAction, TVariant[]>>> = {
  customer: { cancel: ['0', '1', '1x', '1r', '2'], complete: ['4a'], archive: ['3', '5'], review: ['5'] },
  bidder: { accept: ['1'], reject: ['1', '1x'] },
  acceptor: { cancel: ['2', '2d'], complete: ['2d'], archive: ['3', '5'], review: ['5'] },
  admin: { approve_payout: ['4'], reject_payout: ['4'] },
  system: { paid: ['0'] },
};

/** Where the step leads (the status after it). */
const NEXT: Partial<Record<TDeliveryAction, (p: TDeliveryParty, v: TVariant) => TDeliveryStatus>> = {
  accept: () => S.accepted,
  reject: (_p, v) => Number(v.slice(0, 1)) as TDeliveryStatus,
  cancel: (p) => (p === 'acceptor' ? S.new : S.customerCancelled),
  complete: (p) => (p === 'acceptor' ? S.waitingForComplete : S.completed),
  approve_payout: () => S.waitingForComplete,
  reject_payout: () => S.accepted,
  paid: () => S.new,
  archive: (_p, v) => Number(v.slice(0, 1)) as TDeliveryStatus,
  review: () => S.completed,
};

describe('delivery machine: every status × party × action', () => {
  for (const party of PARTIES)
    for (const action of DELIVERY_ACTIONS)
      for (const v of VARIANTS) {
        const allowed = ALLOWED[party][action]?.includes(v) ?? false;
        it(`${party} ${action} on ${v}: ${allowed ? 'allowed' : 'refused'}`, () => {
          const r = deliveryTransition(delivery(v), party, action, now, REASON);
          if (!allowed) {
            expect(r.ok).toBe(false);
            return;
          }
          expect(r.ok).toBe(true);
          if (r.ok) expect(r.next.status).toBe(NEXT[action]!(party, v));
        });
      }
});

describe('delivery machine: the rules in words', () => {
  it('a bidder accepting an expired delivery is told bidding has closed', () => {
    const r = deliveryTransition(delivery('1x'), 'bidder', 'accept', now);
    expect(r).toEqual({ ok: false, code: 'expired', message: 'Bidding on this delivery has closed.' });
  });

  it('an acceptor asking to be paid before the delivery day is told it is too early', () => {
    expect(deliveryTransition(delivery('2'), 'acceptor', 'complete', now)).toMatchObject({
      ok: false,
      code: 'too_early',
    });
  });

  it('cancelling and rejecting a payout need a reason', () => {
    for (const [v, party, action] of [
      ['1', 'customer', 'cancel'],
      ['2', 'acceptor', 'cancel'],
      ['4', 'admin', 'reject_payout'],
    ] as const) {
      expect(deliveryTransition(delivery(v), party, action, now, '  ')).toMatchObject({
        ok: false,
        code: 'reason_required',
      });
    }
  });

  it('a bidder’s reject hides the delivery from them and leaves it New for others', () => {
    const r = deliveryTransition(delivery('1'), 'bidder', 'reject', now);
    expect(r.ok && r.next).toMatchObject({ status: S.new, rejectedByViewer: true });
    expect(deliveryFlags(delivery('1r'), 'bidder', now)).toMatchObject({
      can_accept: false,
      can_reject: false,
    });
    expect(deliveryFlags(delivery('1'), 'bidder', now)).toMatchObject({ can_accept: true, can_reject: true });
  });

  it('a submitted payout waits for the admin, then for the customer', () => {
    const submitted = deliveryTransition(delivery('2d'), 'acceptor', 'complete', now);
    expect(submitted.ok && submitted.next).toMatchObject({
      status: S.waitingForComplete,
      payoutApproved: false,
    });
    expect(deliveryFlags(delivery('4'), 'customer', now).canCustomerComplete).toBe(false);
    const approved = deliveryTransition(delivery('4'), 'admin', 'approve_payout', now);
    expect(approved.ok && approved.next.payoutApproved).toBe(true);
    expect(deliveryTransition(delivery('4a'), 'admin', 'approve_payout', now).ok).toBe(false);
    expect(deliveryFlags(delivery('4a'), 'customer', now).canCustomerComplete).toBe(true);
  });

  it('archive and review happen once per side', () => {
    const archived = delivery('5', { archivedByCustomer: true, reviewedByAcceptor: true });
    expect(deliveryTransition(archived, 'customer', 'archive', now).ok).toBe(false);
    expect(deliveryTransition(archived, 'acceptor', 'review', now).ok).toBe(false);
    expect(deliveryFlags(archived, 'customer', now).isArchived).toBe(true);
    expect(deliveryFlags(archived, 'acceptor', now).isArchived).toBe(false);
  });

  it('expiry, countdown and contact', () => {
    expect(isDeliveryExpired(delivery('1x'), now)).toBe(true);
    expect(isDeliveryExpired(delivery('1'), now)).toBe(false);
    expect(isDeliveryExpired(delivery('2', { deadline: new Date(0) }), now)).toBe(false);
    expect(deliveryTillAutoReject(delivery('1'), now)).toBe(3600);
    expect(deliveryTillAutoReject(delivery('1x'), now)).toBe(0);
    expect(deliveryTillAutoReject(delivery('2'), now)).toBeNull();
    expect(isCustomerContactShown(delivery('1'), 'bidder')).toBe(false);
    expect(isCustomerContactShown(delivery('2'), 'acceptor')).toBe(true);
    expect(isCustomerContactShown(delivery('1'), 'customer')).toBe(true);
  });

  it('flags follow the viewer', () => {
    const f = (v: TVariant, viewer: 'customer' | 'bidder' | 'acceptor') =>
      deliveryFlags(delivery(v), viewer, now);
    expect(f('2', 'acceptor')).toMatchObject({
      can_cancel: true,
      isCompleteButtonVisible: true,
      canAcceptorComplete: false,
      canAcceptorReschedule: false,
    });
    expect(f('2d', 'acceptor').canAcceptorComplete).toBe(true);
    expect(f('4', 'customer')).toMatchObject({ isCompleteButtonVisible: true, isAcceptorCompleted: true });
    expect(f('2', 'customer')).toMatchObject({ canCustomerViewHelperReviews: true, can_cancel: true });
    expect(f('2d', 'customer').can_cancel).toBe(false);
    expect(f('1', 'customer')).toMatchObject({
      canCustomerViewHelperReviews: false,
      canCustomerReschedule: false,
    });
    for (const v of VARIANTS)
      for (const viewer of ['customer', 'bidder', 'acceptor'] as const) {
        const flags = deliveryFlags(delivery(v), viewer, now);
        expect(Object.keys(flags)).toHaveLength(19);
        expect(flags.can_accept).toBe(flags.canAcceptorAccept);
      }
  });
});

describe('entersStatus', () => {
  it('is true only for a step into the status from another one, for every status', () => {
    for (const status of DELIVERY_STATUSES)
      for (const from of DELIVERY_STATUSES)
        for (const to of DELIVERY_STATUSES)
          expect(entersStatus(from, to, status), `${from} -> ${to} enters ${status}`).toBe(
            to === status && from !== status,
          );
    expect(entersStatus(S.waitingForComplete, S.completed, S.completed)).toBe(true);
    expect(entersStatus(S.completed, S.completed, S.completed)).toBe(false);
  });
});
