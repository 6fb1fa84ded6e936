/**
 * An order's invoice lines from its stored quote (cents). The lines are the whole price: every
 * fee, the date's discount or surcharge and the coupon, so they always sum to what the customer
 * pays. A row whose stored quote does not explain its price (written before the quote kept every
 * piece) gets one "Price adjustment" line for the difference rather than lines that lie.
 */
import type { TInvoiceLineKind } from '@haulpro/shared/order-view';
import { couponDiscount } from './coupon.ts';

export type TQuoteSnapshot = Record<string, number | boolean>;

export type TInvoiceLine = { kind: TInvoiceLineKind; amount: number };

const cents = (q: TQuoteSnapshot, key: string) => {
  const v = q[key];
  return typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0;
};

/** Shown even at zero: the labor and the service fee are on every invoice. */
const ALWAYS: ReadonlySet<TInvoiceLineKind> = new Set(['labor', 'service_fee']);

export function invoiceLines(q: TQuoteSnapshot, totalCents: number): TInvoiceLine[] {
  const candidates: TInvoiceLine[] = [
    { kind: 'labor', amount: cents(q, 'total_for_n_hours') },
    { kind: 'double_drive', amount: cents(q, 'double_drive_price') },
    { kind: 'bedrooms', amount: cents(q, 'bedroom_fee') },
    { kind: 'equipment', amount: cents(q, 'equipment') },
    { kind: 'date_adjustment', amount: cents(q, 'date_adjustment') },
    { kind: 'service_fee', amount: cents(q, 'service_fee') },
    { kind: 'processing_fee', amount: cents(q, 'processing_fee') },
    { kind: 'coupon', amount: -cents(q, 'coupon_discount') },
  ];
  const lines = candidates.filter((l) => l.amount !== 0 || ALWAYS.has(l.kind));
  const rest = totalCents - lines.reduce((sum, l) => sum + l.amount, 0);
  return rest === 0 ? lines : [...lines, { kind: 'adjustment', amount: rest }];
}

/** Before the date's adjustment: labor, double drive, bedrooms and equipment (decision 005). */
export function quoteSubtotal(q: TQuoteSnapshot): number {
  if (typeof q.subtotal === 'number') return cents(q, 'subtotal');
  return (
    cents(q, 'total_for_n_hours') +
    cents(q, 'double_drive_price') +
    cents(q, 'bedroom_fee') +
    cents(q, 'equipment')
  );
}

/**
 * The stored quote moved to another date: the new date's discount or surcharge (cents, signed)
 * in place of the old one, the booking's coupon taken off again, never below zero (decisions 008
 * and 022). The pieces it returns are the new invoice's, so its lines still sum to its total.
 */
export function quoteOnDate(q: TQuoteSnapshot, dateAdjustmentCents: number) {
  const before =
    quoteSubtotal(q) + dateAdjustmentCents + cents(q, 'service_fee') + cents(q, 'processing_fee');
  const coupon = couponDiscount(before, cents(q, 'coupon_amount'));
  return { date_adjustment: dateAdjustmentCents, coupon_discount: coupon, total: before - coupon };
}
