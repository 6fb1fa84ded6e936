/**
 * The final bill of a move (issue 28, decision 030): pure, money in integer cents. The booked
 * quote, then the time the job clock billed against the booked hours, the changes the customer
 * approved on site, the coupon, and what the card paid at booking.
 */
import type { TChangeKind } from '@haulpro/shared/move-day';
import { billableMinutes } from './job-clock.ts';

/** The parts of the order's quote snapshot the bill reads (cents; hours as numbers). */
export type TBookedQuote = {
  hourly: number;
  billable_hours: number;
  minimum_hours: number;
  subtotal: number;
  date_adjustment: number;
  service_fee: number;
  processing_fee: number;
  coupon_discount?: number;
};

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * The bill's view of an order's stored quote. Quotes stored before a field existed (or written by
 * hand) are read with what they have: no minimum is the booked hours, no subtotal is the total
 * less its fees and the date's adjustment.
 */
export function bookedQuoteOf(snapshot: Record<string, unknown>, orderPrice: number): TBookedQuote {
  const total = num(snapshot.total) ?? orderPrice;
  const serviceFee = num(snapshot.service_fee) ?? 0;
  const processingFee = num(snapshot.processing_fee) ?? 0;
  const dateAdjustment = num(snapshot.date_adjustment) ?? 0;
  const billable = num(snapshot.billable_hours) ?? num(snapshot.hours_count) ?? 0;
  return {
    hourly: num(snapshot.hourly) ?? 0,
    billable_hours: billable,
    minimum_hours: num(snapshot.minimum_hours) ?? billable,
    subtotal: num(snapshot.subtotal) ?? total - serviceFee - processingFee - dateAdjustment,
    date_adjustment: dateAdjustment,
    service_fee: serviceFee,
    processing_fee: processingFee,
    coupon_discount: num(snapshot.coupon_discount) ?? 0,
  };
}

export type TFinalBillInput = {
  quote: TBookedQuote;
  /** The company's `charge_overtime` for this service (cents per hour); 0 bills overtime at the hourly rate. */
  overtimeRate: number;
  /** Worked minutes from the job clock; null before work starts (the booked time is billed). */
  workedMinutes: number | null;
  /** Approved changes on site (cents). */
  approvedChanges: number;
  /** What the card was charged at booking (0 for cash). */
  paid: number;
};

export type TFinalBill = {
  booked: number;
  extraTime: number;
  changes: number;
  discounts: number;
  fees: number;
  paid: number;
  balance: number;
  total: number;
  hourly: number;
  overtimeRate: number;
  bookedMinutes: number;
  minimumMinutes: number;
  billableMinutes: number;
  extraMinutes: number;
};

const hoursToMinutes = (h: number) => Math.round(h * 60);
const perMinutes = (rate: number, minutes: number) => Math.round((rate * minutes) / 60);

/**
 * booked = labor for the booked hours + drive + bedrooms + equipment + the date's adjustment;
 * fees = the booking's service and processing fees; extra time = the billable minutes past the
 * booked ones at the overtime rate (the company's charge_overtime, else the hourly rate), or the
 * minutes short of them (down to the minimum) at the hourly rate, as a negative amount;
 * total = booked + fees + extra time + changes - coupon (never below 0); balance = total - paid.
 */
export function finalBill(i: TFinalBillInput): TFinalBill {
  const q = i.quote;
  const bookedMinutes = hoursToMinutes(q.billable_hours);
  const minimumMinutes = hoursToMinutes(q.minimum_hours);
  const billable =
    i.workedMinutes === null ? bookedMinutes : billableMinutes(i.workedMinutes, minimumMinutes);
  const extraMinutes = billable - bookedMinutes;
  const overtimeRate = i.overtimeRate > 0 ? i.overtimeRate : q.hourly;
  const extraTime =
    extraMinutes > 0 ? perMinutes(overtimeRate, extraMinutes) : -perMinutes(q.hourly, -extraMinutes);
  const booked = q.subtotal + q.date_adjustment;
  const fees = q.service_fee + q.processing_fee;
  const discounts = q.coupon_discount ?? 0;
  const total = Math.max(0, booked + fees + extraTime + i.approvedChanges - discounts);
  return {
    booked,
    extraTime,
    changes: i.approvedChanges,
    discounts,
    fees,
    paid: i.paid,
    balance: total - i.paid,
    total,
    hourly: q.hourly,
    overtimeRate,
    bookedMinutes,
    minimumMinutes,
    billableMinutes: billable,
    extraMinutes,
  };
}

/** Crew time a change on site stands for, per unit (decision 030); equipment and fixed extras carry their own price. */
export const CHANGE_MINUTES: Record<Exclude<TChangeKind, 'equipment' | 'fixed'>, number> = {
  stairs: 15,
  stop: 30,
  heavy_item: 15,
};

/**
 * The price of a change on site (cents): a flight of stairs and a heavy item are 15 minutes of
 * the crew's hourly rate each, an extra stop 30 minutes; equipment is its value on the branch's
 * list (decision 005, rule 6) times the quantity; a fixed extra is the amount the crew entered.
 */
export function changePrice(
  kind: TChangeKind,
  quantity: number,
  p: { hourly: number; equipmentValue?: number; amount?: number },
): number {
  switch (kind) {
    case 'stairs':
    case 'stop':
    case 'heavy_item':
      return perMinutes(p.hourly, CHANGE_MINUTES[kind] * quantity);
    case 'equipment':
      return (p.equipmentValue ?? 0) * quantity;
    case 'fixed':
      return p.amount ?? 0;
  }
}
