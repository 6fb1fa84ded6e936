import { ORDER_STATUS as S } from '@haulpro/shared/order';
import type { TCancelPreview } from '@haulpro/shared/payouts';
import { type TShowUpWindow, windowHours } from '@haulpro/shared/pricing-constants';
import type { TAuth, TDeps } from '../../context.ts';
import type { orders } from '../../db/schema.ts';
import {
  cancellationTerms,
  policyOrDefault,
  type TCancellationTerms,
} from '../../domain/cancellation-policy.ts';
import { conflict } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { type TViewer, transition } from '../../domain/order-machine.ts';
import { wallTimeToInstant } from '../../domain/wall-time.ts';
import type { TOrderStep } from './order-transition.ts';
import { orderState, type TOrderRow } from './order-view.ts';
import { findCompanyCancellation } from './orders.repository.ts';

/**
 * Cancelling an order (decision 029): the one place that says what a cancel keeps and gives
 * back, used by the customer's preview and by both sides' cancel. The fee applies only when the
 * customer cancels an order the company accepted (Accepted, or a reschedule of an accepted
 * order) and paid by card; a company's cancel gives back everything; cash owes nothing.
 */

/** The instant the arrival window starts, in the order's time zone. */
export const orderWindowStart = (o: TOrderRow): Date =>
  wallTimeToInstant(o.arrivalDate, windowHours(o.arrivalTime as TShowUpWindow).start, o.timeZone);

const accepted = (o: TOrderRow) =>
  o.status === S.accepted || (o.status === S.beingRescheduled && o.statusBeforeReschedule === S.accepted);

/** What the card charge was (cents); 0 when nothing was charged (cash, or never paid). */
const chargedCents = (o: TOrderRow) => (o.paidAt ? (o.paidAmount ?? o.orderPrice) : 0);

export async function orderCancelTerms(
  deps: Pick<TDeps, 'db'>,
  o: TOrderRow,
  party: TViewer,
  now: Date,
): Promise<TCancellationTerms & { paid: boolean; providerName: string | null }> {
  const company = await findCompanyCancellation(deps.db, o.companyId);
  const paid = o.paidAt !== null;
  const terms = cancellationTerms({
    policy: policyOrDefault(company?.policy),
    windowStart: orderWindowStart(o),
    now,
    chargedCents: chargedCents(o),
    feeApplies: party === 'customer' && paid && accepted(o),
  });
  return { ...terms, paid, providerName: company?.name ?? null };
}

/** The columns a cancel writes with its step: the fee, and the refund owed (or none). */
export function cancelPatch(t: TCancellationTerms & { paid: boolean }): Partial<typeof orders.$inferInsert> {
  return t.paid && t.refundCents > 0
    ? { cancellationFee: t.feeCents, refundStatus: 'pending', refundAmount: t.refundCents }
    : { cancellationFee: t.feeCents, refundStatus: 'nothing_to_refund', refundAmount: 0 };
}

type TAct<V> = (
  auth: TAuth,
  id: number,
  party: TViewer,
  action: 'cancel',
  opts: Pick<TOrderStep, 'reason' | 'patch'>,
) => Promise<V>;

/** The cancel use cases of the orders service, given its visibility check and its one writer's `act`. */
export function createOrderCancellation<V>(
  deps: Pick<TDeps, 'db' | 'clock'>,
  visible: (auth: TAuth, id: number, party: TViewer) => Promise<TOrderRow>,
  act: TAct<V>,
) {
  async function cancel(auth: TAuth, id: number, party: TViewer, reason: string): Promise<V> {
    const o = await visible(auth, id, party);
    const terms = await orderCancelTerms(deps, o, party, deps.clock.now());
    return act(auth, id, party, 'cancel', { reason, patch: cancelPatch(terms) });
  }
  return {
    companyCancel: (auth: TAuth, id: number, reason: string) => cancel(auth, id, 'company', reason),
    customerCancel: (auth: TAuth, id: number, reason: string) => cancel(auth, id, 'customer', reason),

    /** What cancelling now would keep and give back (dollars); a 409 when it cannot be cancelled. */
    async cancelPreview(auth: TAuth, id: number): Promise<TCancelPreview> {
      const o = await visible(auth, id, 'customer');
      const now = deps.clock.now();
      // The machine's answer with a reason given: only "not allowed now" can refuse here.
      const r = transition(orderState(o), 'customer', 'cancel', now, 'preview');
      if (!r.ok) throw conflict(r.message);
      const t = await orderCancelTerms(deps, o, 'customer', now);
      return {
        fee: toDollars(t.feeCents),
        refund: toDollars(t.refundCents),
        tier: t.tier,
        provider_name: t.providerName,
      };
    },
  };
}
