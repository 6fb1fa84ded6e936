import { describe, expect, it } from 'vitest';
import { invoiceLines, quoteOnDate, quoteSubtotal, type TQuoteSnapshot } from './invoice.ts';

const sum = (lines: { amount: number }[]) => lines.reduce((s, l) => s + l.amount, 0);

/** The probe's order #37: $158 labor, $25 bedroom fee, $59.25 service fee. */
const withBedrooms: TQuoteSnapshot = {
  hourly: 7900,
  total_for_n_hours: 15800,
  bedroom_fee: 2500,
  equipment: 0,
  double_drive_price: 0,
  subtotal: 18300,
  date_adjustment: 0,
  service_fee: 5925,
  processing_fee: 0,
  total: 24225,
};

describe('invoiceLines', () => {
  it('lists the bedroom fee, so #37 adds up to $242.25', () => {
    const lines = invoiceLines(withBedrooms, 24225);
    expect(lines).toEqual([
      { kind: 'labor', amount: 15800 },
      { kind: 'bedrooms', amount: 2500 },
      { kind: 'service_fee', amount: 5925 },
    ]);
    expect(sum(lines)).toBe(24225);
  });

  it('lists a date discount as a negative line', () => {
    const q = { ...withBedrooms, date_adjustment: -1830, total: 22395 };
    const lines = invoiceLines(q, 22395);
    expect(lines).toContainEqual({ kind: 'date_adjustment', amount: -1830 });
    expect(sum(lines)).toBe(22395);
  });

  it('lists a surcharge, equipment, double drive and the processing fee', () => {
    const q = {
      ...withBedrooms,
      equipment: 4000,
      double_drive_price: 3950,
      date_adjustment: 1000,
      processing_fee: 925,
    };
    const total = 15800 + 3950 + 2500 + 4000 + 1000 + 5925 + 925;
    const lines = invoiceLines(q, total);
    expect(lines.map((l) => l.kind)).toEqual([
      'labor',
      'double_drive',
      'bedrooms',
      'equipment',
      'date_adjustment',
      'service_fee',
      'processing_fee',
    ]);
    expect(sum(lines)).toBe(total);
  });

  it('takes the coupon off as a negative line; a coupon larger than the price leaves 0', () => {
    const q = { ...withBedrooms, coupon_amount: 50_000, coupon_discount: 24225 };
    const lines = invoiceLines(q, 0);
    expect(lines.at(-1)).toEqual({ kind: 'coupon', amount: -24225 });
    expect(sum(lines)).toBe(0);
  });

  it('always shows labor and the service fee, even at zero', () => {
    expect(invoiceLines({}, 0)).toEqual([
      { kind: 'labor', amount: 0 },
      { kind: 'service_fee', amount: 0 },
    ]);
  });

  it('explains a price its quote does not with one adjustment line', () => {
    const lines = invoiceLines(withBedrooms, 25000);
    expect(lines.at(-1)).toEqual({ kind: 'adjustment', amount: 775 });
    expect(sum(lines)).toBe(25000);
  });

  it('reads only finite numbers and rounds to whole cents', () => {
    const lines = invoiceLines({ total_for_n_hours: 100.4, service_fee: true, bedroom_fee: Number.NaN }, 100);
    expect(lines).toEqual([
      { kind: 'labor', amount: 100 },
      { kind: 'service_fee', amount: 0 },
    ]);
  });
});

describe('quoteSubtotal', () => {
  it('is the stored subtotal when there is one', () => {
    expect(quoteSubtotal(withBedrooms)).toBe(18300);
  });
  it('is the sum of its pieces otherwise', () => {
    expect(
      quoteSubtotal({ total_for_n_hours: 30000, bedroom_fee: 2500, equipment: 100, double_drive_price: 5 }),
    ).toBe(32605);
  });
});

describe('quoteOnDate', () => {
  it('puts the new date adjustment in place of the old one', () => {
    const q = { ...withBedrooms, date_adjustment: -1830 };
    expect(quoteOnDate(q, 0)).toEqual({ date_adjustment: 0, coupon_discount: 0, total: 24225 });
    expect(quoteOnDate(q, 1000)).toEqual({ date_adjustment: 1000, coupon_discount: 0, total: 25225 });
  });

  it('takes the booking coupon off again, never below zero (#45)', () => {
    const q = { ...withBedrooms, coupon_amount: 50_000, coupon_discount: 24225 };
    expect(quoteOnDate(q, -1830)).toEqual({ date_adjustment: -1830, coupon_discount: 22395, total: 0 });
    expect(quoteOnDate({ ...q, coupon_amount: 2000 }, 0)).toEqual({
      date_adjustment: 0,
      coupon_discount: 2000,
      total: 22225,
    });
  });

  it('gives pieces whose invoice lines sum to the new total', () => {
    for (const coupon of [0, 2000, 50_000])
      for (const adj of [-1830, 0, 1000]) {
        const q = { ...withBedrooms, coupon_amount: coupon };
        const moved = quoteOnDate(q, adj);
        expect(sum(invoiceLines({ ...q, ...moved }, moved.total))).toBe(moved.total);
      }
  });
});
