import { readFileSync } from 'node:fs';
import type { TDoubleDriving, TServiceType } from '@haulpro/shared/pricing-constants';
import { describe, expect, it } from 'vitest';
import {
  bedroomFee,
  dateAdjustmentAmount,
  doubleDriveHours,
  isSurge,
  quote,
  type TBranchPricing,
  type TDateAdjustment,
  type TProcessingFee,
  type TQuoteInput,
} from './pricing.ts';

const DOC = new URL('../../../../docs/decisions/005-pricing-engine.md', import.meta.url);
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

const branch: TBranchPricing = {
  feeFirstBedroom: 5000,
  feeExtraBedroom: 2500,
  surgeDistance: 40,
  surgeAdditionalHourlyRate: 2000,
  surgeAdditionalMinHours: 1,
  surgeAdditionalServiceFee: 3000,
  doubleDriving: -1,
};
const services: Record<TServiceType, TQuoteInput['service']> = {
  1: { serviceType: 1, employeesCount: 2, minimumHours: 2, baseHourlyRate: 10000, truckNumber: 0 },
  2: { serviceType: 2, employeesCount: 2, minimumHours: 3, baseHourlyRate: 15000, truckNumber: 1 },
};

function parseDate(cell: string): TDateAdjustment | null {
  const m = /^([+-])(\$?)([\d.]+)(%?)$/.exec(cell);
  if (!m) return null;
  return {
    isDiscount: m[1] === '-',
    isValuePercentage: m[4] === '%',
    value: m[4] === '%' ? Number(m[3]) : cents(m[3]!),
  };
}

function parsePayment(cell: string): { paymentMethod: 'cash' | 'electronic'; processingFee: TProcessingFee } {
  if (cell === 'cash') return { paymentMethod: 'cash', processingFee: { type: '$', value: 0 } };
  const pct = /^card ([\d.]+)%$/.exec(cell);
  if (pct)
    return {
      paymentMethod: 'electronic',
      processingFee: { type: '%', value: Math.round(Number(pct[1]) * 100) },
    };
  const fixed = /^card \$([\d.]+)$/.exec(cell);
  if (fixed) return { paymentMethod: 'electronic', processingFee: { type: '$', value: cents(fixed[1]!) } };
  throw new Error(`payment cell ${cell}`);
}

function parseEquipment(cell: string) {
  if (cell === '-') return [];
  return cell.split(',').map((s) => {
    const t = s.trim();
    const inactive = t.startsWith('(');
    return { value: cents(t.replace(/[()]/g, '')), isActive: !inactive };
  });
}

function exampleRows() {
  const lines = readFileSync(DOC, 'utf8').split('\n');
  const start = lines.findIndex((l) => /^\|\s*#\s*\|\s*case\s*\|/.test(l));
  const header = lines[start]!.split('|')
    .map((c) => c.trim())
    .slice(1, -1);
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .map((c) => c.trim())
      .slice(1, -1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
  }
  return rows;
}

describe('worked examples in docs/decisions/005-pricing-engine.md', () => {
  const rows = exampleRows();
  it('the table has every example', () => {
    expect(rows.length).toBe(17);
  });
  it.each(rows.map((r) => [`${r['#']} ${r.case}`, r] as const))('%s', (_name, r) => {
    const type = Number(r.type) as TServiceType;
    const q = quote({
      branch: {
        ...branch,
        doubleDriving: (r['double driving'] === 'none' ? -1 : Number(r['double driving'])) as TDoubleDriving,
      },
      service: services[type],
      hours: Number(r.hours),
      bedrooms: Number(r.bedrooms),
      distanceKm: Number(r.km),
      equipment: parseEquipment(r.equipment!),
      dateAdjustment: parseDate(r.date!),
      ...parsePayment(r.payment!),
      redeemEnabled: r.redeem === 'yes',
    });
    expect({
      billable: q.billable_hours,
      labor: q.total_for_n_hours,
      doubleDrive: q.double_drive_price,
      bedroom: q.bedroom_fee,
      subtotal: q.subtotal,
      adj: q.date_adjustment,
      serviceFee: q.service_fee,
      processing: q.processing_fee,
      total: q.total,
    }).toEqual({
      billable: Number(r['billable h']),
      labor: cents(r.labor!),
      doubleDrive: cents(r['double drive']!),
      bedroom: cents(r['bedroom fee']!),
      subtotal: cents(r.subtotal!),
      adj: cents(r['date adj']!),
      serviceFee: cents(r['service fee']!),
      processing: cents(r.processing!),
      total: cents(r.total!),
    });
    expect(q.total).toBe(q.subtotal + q.date_adjustment + q.service_fee + q.processing_fee);
  });
});

describe('pricing rules', () => {
  it('surges only strictly past the surge distance', () => {
    expect(isSurge(branch, 40)).toBe(false);
    expect(isSurge(branch, 40.0001)).toBe(true);
    expect(isSurge({ ...branch, surgeDistance: 0 }, 0)).toBe(false);
  });
  it('double drive: none, from the beginning, after N miles; quarter hours; trucks only', () => {
    const km = (miles: number) => miles * 1.609344;
    expect(doubleDriveHours(-1, 2, km(100))).toBe(0);
    expect(doubleDriveHours(0, 2, 0)).toBe(0);
    expect(doubleDriveHours(0, 2, km(30))).toBe(1);
    expect(doubleDriveHours(0, 2, km(31))).toBe(1.25);
    expect(doubleDriveHours(10, 2, km(10))).toBe(0);
    expect(doubleDriveHours(10, 2, km(10.1))).toBe(0.25);
    expect(doubleDriveHours(5, 2, km(20))).toBe(0.5);
    expect(doubleDriveHours(0, 1, km(30))).toBe(0);
  });
  it('bedroom fee: first plus extra per further bedroom; none for zero', () => {
    expect(bedroomFee(branch, 0)).toBe(0);
    expect(bedroomFee(branch, 1)).toBe(5000);
    expect(bedroomFee(branch, 10)).toBe(5000 + 9 * 2500);
  });
  it('date adjustment: percentage vs value, discount floors at zero, zero value is nothing', () => {
    expect(dateAdjustmentAmount({ isDiscount: true, isValuePercentage: true, value: 10 }, 12345)).toBe(-1235);
    expect(dateAdjustmentAmount({ isDiscount: true, isValuePercentage: false, value: 5000 }, 12345)).toBe(
      -5000,
    );
    expect(dateAdjustmentAmount({ isDiscount: true, isValuePercentage: true, value: 150 }, 10000)).toBe(
      -10000,
    );
    expect(dateAdjustmentAmount({ isDiscount: false, isValuePercentage: true, value: 15 }, 10000)).toBe(1500);
    expect(dateAdjustmentAmount({ isDiscount: false, isValuePercentage: false, value: 0 }, 10000)).toBe(0);
    expect(dateAdjustmentAmount(null, 10000)).toBe(0);
  });
  it('service fee is 0.75 x hourly with redeem or no processing fee, 1 x hourly otherwise', () => {
    const base: TQuoteInput = {
      branch,
      service: services[1],
      hours: 2,
      bedrooms: 0,
      distanceKm: 1,
      equipment: [],
      dateAdjustment: null,
      paymentMethod: 'electronic',
      processingFee: { type: '$', value: 500 },
      redeemEnabled: false,
    };
    expect(quote(base).service_fee).toBe(10000);
    expect(quote({ ...base, redeemEnabled: true }).service_fee).toBe(7500);
    expect(quote({ ...base, processingFee: { type: '$', value: 0 } }).service_fee).toBe(7500);
    expect(quote({ ...base, paymentMethod: 'cash' }).service_fee).toBe(7500);
    expect(quote({ ...base, paymentMethod: 'cash' }).processing_fee).toBe(0);
  });
  it('every amount is a whole number of cents', () => {
    const q = quote({
      branch: { ...branch, doubleDriving: 0 },
      service: { ...services[2], baseHourlyRate: 13333 },
      hours: 3.25,
      bedrooms: 2,
      distanceKm: 77.7,
      equipment: [{ value: 999, isActive: true }],
      dateAdjustment: { isDiscount: true, isValuePercentage: true, value: 7 },
      paymentMethod: 'electronic',
      processingFee: { type: '%', value: 290 },
      redeemEnabled: false,
    });
    for (const v of [
      q.total_for_n_hours,
      q.double_drive_price,
      q.subtotal,
      q.date_adjustment,
      q.service_fee,
      q.processing_fee,
      q.total,
    ]) {
      expect(Number.isInteger(v)).toBe(true);
    }
  });
});
