import { RESCHEDULE_MSG, type ZRescheduleRequestInput } from '@haulpro/shared/order';
import type { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { daysBetween, todayIn } from '../../domain/availability.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { dateAdjustmentAmount } from '../../domain/pricing.ts';
import type { TPricingService } from '../pricing/pricing.service.ts';
import type { TOrderRow } from './order-view.ts';
import { findPendingRescheduleRequest } from './orders.repository.ts';

type TInput = z.output<typeof ZRescheduleRequestInput>;
/**
 * The price of an order moved to another date: its stored quote with the new date's discount
 * or surcharge in place of the old one (decision 008).
 */
export async function priceOnDate(pricing: Pick<TPricingService, 'offerOnDate'>, o: TOrderRow, date: string) {
  const q = o.quote;
  const subtotal = Number(q.subtotal ?? Number(q.total_for_n_hours ?? 0));
  const offer = await pricing.offerOnDate(o.branchId, date);
  const adjustment = dateAdjustmentAmount(
    offer
      ? { isDiscount: offer.isDiscount, isValuePercentage: offer.isValuePercentage, value: offer.value }
      : null,
    subtotal,
  );
  const serviceFee = Number(q.service_fee ?? 0);
  const processingFee = Number(q.processing_fee ?? 0);
  const before = subtotal + adjustment + serviceFee + processingFee;
  // A coupon redeemed at booking keeps coming off the new price, never below zero (decision 022).
  const couponDiscount = Math.min(Number(q.coupon_amount ?? 0), Math.max(0, before));
  return {
    hourly: Number(q.hourly ?? 0),
    hours_count: o.hoursCount,
    total_for_n_hours: Number(q.total_for_n_hours ?? 0),
    date_adjustment: adjustment,
    service_fee: serviceFee,
    processing_fee: processingFee,
    coupon_discount: couponDiscount,
    total: before - couponDiscount,
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
