import { describe, expect, it } from 'vitest';
import {
  REFUND_STATUSES,
  refundOwed,
  refundTransition,
  type TRefundEvent,
  type TRefundState,
  type TRefundStatus,
} from './delivery-refund-machine.ts';

const state = (status: TRefundStatus | null, amountCents: number | null = null): TRefundState => ({
  status,
  amountCents,
});
const STATES: (TRefundStatus | null)[] = [null, ...REFUND_STATUSES];
const EVENTS: TRefundEvent[] = [
  { kind: 'cancelled', paidByCard: true, refundCents: 9500 },
  { kind: 'cancelled', paidByCard: false, refundCents: 9500 },
  { kind: 'cancelled', paidByCard: true, refundCents: 7125 },
  { kind: 'cancelled', paidByCard: true, refundCents: 0 },
  { kind: 'provider_refunded' },
  { kind: 'provider_unreachable' },
];

/** Every state x event: the expected next status, or null when refused. */
function expected(from: TRefundStatus | null, e: TRefundEvent): TRefundStatus | null {
  if (e.kind === 'cancelled')
    return from === null ? (e.paidByCard && e.refundCents > 0 ? 'pending' : 'nothing_to_refund') : null;
  if (from !== 'pending') return null;
  return e.kind === 'provider_refunded' ? 'refunded' : 'pending';
}

describe('the refund of a delivery', () => {
  for (const from of STATES)
    for (const e of EVENTS) {
      const label =
        e.kind === 'cancelled' ? `cancelled (${e.paidByCard ? 'card' : 'cash'}, ${e.refundCents})` : e.kind;
      it(`${from ?? 'none'} + ${label}`, () => {
        const r = refundTransition(state(from, from === null ? null : 9500), e);
        const want = expected(from, e);
        if (want === null) expect(r).toEqual({ ok: false });
        else expect(r.ok && r.next.status).toBe(want);
      });
    }

  it('a card payment is owed back in full; cash owes nothing', () => {
    expect(refundTransition(state(null), EVENTS[0]!)).toEqual({
      ok: true,
      next: { status: 'pending', amountCents: 9500 },
    });
    expect(refundTransition(state(null), EVENTS[1]!)).toEqual({
      ok: true,
      next: { status: 'nothing_to_refund', amountCents: 0 },
    });
  });

  it('a late cancel owes the charge less the fee; a fee of everything owes nothing', () => {
    expect(refundTransition(state(null), EVENTS[2]!)).toEqual({
      ok: true,
      next: { status: 'pending', amountCents: 7125 },
    });
    expect(refundTransition(state(null), EVENTS[3]!)).toEqual({
      ok: true,
      next: { status: 'nothing_to_refund', amountCents: 0 },
    });
  });

  it('the provider refunds the amount owed, once; an unreachable provider leaves it owed', () => {
    expect(refundTransition(state('pending', 9500), { kind: 'provider_refunded' })).toEqual({
      ok: true,
      next: { status: 'refunded', amountCents: 9500 },
    });
    expect(refundTransition(state('pending', 9500), { kind: 'provider_unreachable' })).toEqual({
      ok: true,
      next: { status: 'pending', amountCents: 9500 },
    });
  });

  it('only a pending refund is owed', () => {
    expect(STATES.filter((s) => refundOwed(state(s)))).toEqual(['pending']);
  });
});
