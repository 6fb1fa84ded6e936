import { RESCHEDULE_MSG, type ZRescheduleRequestInput } from '@haulpro/shared/order';
import type { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { daysBetween, todayIn } from '../../domain/availability.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { quoteOnDate, quoteSubtotal } from '../../domain/invoice.ts';
import { dateAdjustmentAmount } from '../../domain/pricing.ts';
import type { TPricingService } from '../pricing/pricing.service.ts';
import type { TOrderRow } from './order-view.ts';
import { findPendingRescheduleRequest } from './orders.repository.ts';

type TInput = z.output<typeof ZRescheduleRequestInput>;
/**
 * The price of an order moved to another date: its stored quote with the new date's discount
 * or surcharge in place of the old one and the booking's coupon off again (decisions 008, 022).
 */
export async function priceOnDate(pricing: Pick<TPricingService, 'offerOnDate'>, o: TOrderRow, date: string) {
  const q = o.quote;
  const offer = await pricing.offerOnDate(o.branchId, date);
  const moved = quoteOnDate(
    q,
    dateAdjustmentAmount(
      offer
        ? { isDiscount: offer.isDiscount, isValuePercentage: offer.isValuePercentage, value: offer.value }
        : null,
      quoteSubtotal(q),
    ),
  );
  return {
    hourly: Number(q.hourly ?? 0),
    hours_count: o.hoursCount,
    total_for_n_hours: Number(q.total_for_n_hours ?? 0),
    service_fee: Number(q.service_fee ?? 0),
    processing_fee: Number(q.processing_fee ?? 0),
    ...moved,
  };
}

/**
 * The stored quote once an order moves to a new date at `price` (the one its request showed):
 * the pieces change with the price, so the invoice's lines still sum to its total. Should the
 * branch have changed that date's offer since the request, the agreed price stands and the
 * difference belongs to the date's adjustment.
 */
export async function quoteAtPrice(
  pricing: Pick<TPricingService, 'offerOnDate'>,
  o: TOrderRow,
  date: string,
  price: number,
) {
  const now = await priceOnDate(pricing, o, date);
  const moved =
    now.total === price || price <= 0 ? now : quoteOnDate(o.quote, now.date_adjustment + price - now.total);
  return {
    ...o.quote,
    date_adjustment: moved.date_adjustment,
    coupon_discount: moved.coupon_discount,
    total: moved.total,
  };
}

export function checkRequestedDate(o: TOrderRow, date: string, now: Date) {
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw invalid({ requested_date: [RESCHEDULE_MSG.dateRequired] });
  if (daysBetween(todayIn(o.timeZone, now), date) < 1)
    throw invalid({ requested_date: [RESCHEDULE_MSG.dateTooSoon] });
}

export async function findPendingRequest(db: TDeps['db'], orderId: number, requestId: number) {
  const r = await findPendingRescheduleRequest(db, orderId, requestId);
  if (!r) throw notFound();
  return r;
}

export type TRescheduleInput = TInput;
