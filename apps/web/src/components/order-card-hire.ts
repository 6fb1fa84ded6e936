import { MOVING_TYPES } from '@haulpro/shared/booking-options';
import { helperListUrl } from '@haulpro/shared/navigation';
import type { TOrder } from '@haulpro/shared/order-wire';
import { dayjs } from '../lib/dayjs.ts';

/** A label of the order view back to its id ('Residential' -> 1), undefined when unknown. */
function idOfLabel(options: readonly { value: number; label: string }[], label: string): number | undefined {
  return options.find((o) => o.label === label)?.value;
}

/**
 * "Hire a new helper": the helper list for the same move from tomorrow on (local calendar),
 * from the first pickup ZIP to the first destination ZIP (or the pickup's when none).
 */
export function hireNewHelperUrl(order: TOrder, today = dayjs()): string {
  const fromZip = order.pickups[0]?.zip_code ?? order.zip_code;
  const toZip = order.destinations[0]?.zip_code ?? fromZip;
  return helperListUrl({
    from_zip: fromZip,
    from_date: today.add(1, 'day').format('YYYY-MM-DD'),
    to_zip: toZip,
    type_service: order.type_service,
    type_moving: idOfLabel(MOVING_TYPES, order.type_moving),
    bedrooms_count: order.bedrooms_count,
    helpers_count: order.helpers_count,
    hours_count: order.hours_count,
  });
}
