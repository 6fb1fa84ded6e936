import type { TDeps } from '../../context.ts';
import type { TCheckoutService } from '../checkout/checkout.service.ts';
import type { TCoverageIndex } from '../geo/coverage-index.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import { createDeliveryBooking } from './book-delivery.ts';
import { createCustomerDeliveries } from './customer-deliveries.ts';
import { createDeliveryFunnel } from './delivery-act.ts';
import { createDeliveryReads } from './delivery-reads.ts';
import { createHelperDeliveries } from './helper-deliveries.ts';
import { createPayoutReview } from './payout-review.ts';

export { DELIVERY_TEXT } from './delivery-reads.ts';

/**
 * The deliveries module's front (issue 13; decisions 016 and 017): the use cases of its three
 * audiences, each in its own file (book-delivery.ts, helper-deliveries.ts,
 * customer-deliveries.ts, payout-review.ts), every state change through the one action funnel
 * (delivery-act.ts, its table in delivery-actions.ts).
 */
export function createDeliveriesService(
  deps: TDeps,
  geo: ReturnType<typeof createGeoService>,
  coverage: TCoverageIndex,
  checkout: TCheckoutService,
) {
  const funnel = createDeliveryFunnel(deps);
  const reads = createDeliveryReads(deps);
  return {
    ...createDeliveryBooking(deps, geo, coverage, checkout, funnel, reads),
    ...createHelperDeliveries(deps, funnel, reads),
    ...createCustomerDeliveries(deps, funnel, reads),
    ...createPayoutReview(deps, funnel),
  };
}

export type TDeliveriesService = ReturnType<typeof createDeliveriesService>;
