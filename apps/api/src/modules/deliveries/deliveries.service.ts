import type { TAuth, TDeps } from '../../context.ts';
import type { TCheckoutService } from '../checkout/checkout.service.ts';
import type { TCoverageIndex } from '../geo/coverage-index.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TReviewsService } from '../reviews/reviews.service.ts';
import { createDeliveryBooking } from './book-delivery.ts';
import { createCustomerDeliveries } from './customer-deliveries.ts';
import { createDeliveryFunnel } from './delivery-act.ts';
import { createDeliveryMoveDay } from './delivery-move-day.ts';
import { createDeliveryReads } from './delivery-reads.ts';
import { retryRefunds } from './delivery-refunds.ts';
import { listDeliveriesArrivingTomorrow, listDeliveriesClosingBy } from './delivery-reminders.repository.ts';
import { createDeliveryThreadFront } from './delivery-thread-front.ts';
import { createDeliveryToday } from './delivery-today.ts';
import type { TDeliveryNoticeFronts } from './delivery-transition.ts';
import { createHelperDeliveries } from './helper-deliveries.ts';
import { createPayoutReview } from './payout-review.ts';

export { DELIVERY_TEXT } from './delivery-reads.ts';

/**
 * The deliveries module's front (issue 13; decisions 016 and 017): the use cases of its three
 * audiences, each in its own file (book-delivery.ts, helper-deliveries.ts,
 * customer-deliveries.ts, payout-review.ts; move day in delivery-move-day.ts and
 * delivery-today.ts), every state change through the one action funnel
 * (delivery-act.ts, its table in delivery-actions.ts).
 */
export function createDeliveriesService(
  deps: TDeps,
  geo: ReturnType<typeof createGeoService>,
  coverage: TCoverageIndex,
  checkout: TCheckoutService,
  reviews: Pick<TReviewsService, 'writeInStep' | 'publishedForBranch' | 'receivedByCustomer'>,
  fronts: TDeliveryNoticeFronts,
) {
  const funnel = createDeliveryFunnel(deps, reviews, fronts, checkout);
  const reads = createDeliveryReads(deps);
  return {
    ...createDeliveryBooking(deps, geo, coverage, checkout, funnel, reads, fronts.users),
    ...createHelperDeliveries(deps, funnel, reads),
    ...createCustomerDeliveries(deps, funnel, reads, reviews),
    ...createPayoutReview(deps, funnel),
    /** Move day (issue 28): On my way, Arrived and the proof-of-delivery photos (delivery-move-day.ts). */
    ...createDeliveryMoveDay(deps, funnel, reads, fronts),
    /** The Today list's deliveries (delivery-today.ts), for GET dashboard/today. */
    ...createDeliveryToday(deps),
    /** For the reminders module (delivery-reminders.repository.ts): tomorrow's deliveries, biddings closing soon. */
    arrivingTomorrow: (now: Date, fromLocalHour: number) =>
      listDeliveriesArrivingTomorrow(deps.db, now, fromLocalHour),
    closingBy: (now: Date, until: Date) => listDeliveriesClosingBy(deps.db, now, until),
    /** For the messages module: the delivery's thread parties and state (delivery-thread-front.ts). */
    ...createDeliveryThreadFront(deps.db),
    /** For the scheduler's job: refunds left pending when the provider was unreachable, retried. */
    retryRefunds: (batch: number) => retryRefunds(deps, checkout, batch, funnel.money),
    /** The customer confirms a delivery, with an optional tip (issue 27). */
    async customerConfirm(auth: TAuth, id: number, tip = 0) {
      const d = await reads.customerDelivery(auth, id);
      const request = await funnel.money.confirmRequest(d, tip, deps.clock.now());
      const done = await funnel.act({ kind: 'customer', userId: auth.user.id }, id, request);
      const checkout = request.kind === 'confirm' ? request.tipByCheckout : undefined;
      return {
        view: await reads.oneView(done.row, 'customer', null),
        tipCheckoutUrl: checkout
          ? await funnel.money.openTipCheckout(done.row, checkout.amountCents, auth.user.email)
          : null,
      };
    },
  };
}

export type TDeliveriesService = ReturnType<typeof createDeliveriesService>;
