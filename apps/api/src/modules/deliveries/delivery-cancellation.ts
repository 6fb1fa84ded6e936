import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import type { TCancellationTier, TCancelPreview } from '@haulpro/shared/payouts';
import { type TShowUpWindow, windowHours } from '@haulpro/shared/pricing-constants';
import type { TAuth, TDeps } from '../../context.ts';
import {
  cancellationTerms,
  policyOrDefault,
  type TCancellationTerms,
} from '../../domain/cancellation-policy.ts';
import { deliveryTransition } from '../../domain/delivery-machine.ts';
import { conflict } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { wallTimeToInstant } from '../../domain/wall-time.ts';
import { findAcceptorCancellation, type TDeliveryRow } from './deliveries.repository.ts';
import { deliveryState } from './delivery-view.ts';

/**
 * Cancelling a delivery (decision 029): the one place that says what the customer's cancel keeps
 * and gives back, used by the preview and by the cancel's step (delivery-actions.ts). The fee
 * applies when a helper or company accepted it, it is not completed, and it was paid by card;
 * the tiers are the acceptor company's, or the default for a labor user (who has no setting).
 * An open or expired delivery has no acceptor: a full refund.
 */

export const deliveryPaidByCard = (d: TDeliveryRow): boolean =>
  d.paidAt !== null && d.paymentSessionId !== null;

const windowStart = (d: TDeliveryRow): Date =>
  wallTimeToInstant(d.arrivalDate, windowHours(d.arrivalTime as TShowUpWindow).start, d.timeZone);

const acceptedByProvider = (d: TDeliveryRow): boolean =>
  (d.status === S.accepted || d.status === S.waitingForComplete) &&
  (d.acceptorCompanyId !== null || d.acceptorUserId !== null);

/** The customer's cancel of this delivery now, under the acceptor's tiers. */
export function deliveryCancelTerms(
  d: TDeliveryRow,
  policy: readonly TCancellationTier[],
  now: Date,
): TCancellationTerms {
  const card = deliveryPaidByCard(d);
  return cancellationTerms({
    policy,
    windowStart: windowStart(d),
    now,
    chargedCents: card ? d.totalPrice : 0,
    feeApplies: card && acceptedByProvider(d),
  });
}

/** The acceptor's name and tiers (the default when there is no acceptor or no setting). */
export async function acceptorTerms(db: TDeps['db'], d: TDeliveryRow) {
  const a = await findAcceptorCancellation(db, d);
  return { providerName: a?.name ?? null, policy: [...policyOrDefault(a?.policy)] };
}

export function createDeliveryCancellation(
  deps: Pick<TDeps, 'db' | 'clock'>,
  customerDelivery: (auth: TAuth, id: number) => Promise<TDeliveryRow>,
) {
  return {
    /** What cancelling now would keep and give back (dollars); a 409 when it cannot be cancelled. */
    async cancelPreview(auth: TAuth, id: number): Promise<TCancelPreview> {
      const d = await customerDelivery(auth, id);
      const now = deps.clock.now();
      const r = deliveryTransition(deliveryState(d), 'customer', 'cancel', now, 'preview');
      if (!r.ok) throw conflict(r.message);
      const { providerName, policy } = await acceptorTerms(deps.db, d);
      const t = deliveryCancelTerms(d, policy, now);
      return {
        fee: toDollars(t.feeCents),
        refund: toDollars(t.refundCents),
        tier: t.tier,
        provider_name: providerName,
      };
    },
  };
}
