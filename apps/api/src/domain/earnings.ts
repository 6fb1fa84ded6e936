/**
 * A payee's earnings by week and month (the labor earnings page): pure, over the payout records.
 * Weeks start on Monday; periods are the records' creation dates in UTC.
 */
import type { TEarningsView } from '@haulpro/shared/delivery-view';
import { toDollars } from './money.ts';

export type TPayoutRecord = {
  id: number;
  deliveryId: number;
  itemsName: string;
  arrivalDate: string;
  basePrice: number;
  processingFee: number;
  tip: number;
  totalPayout: number;
  status: string;
  createdAt: Date;
};

/** The Monday (YYYY-MM-DD) of an instant's week, in UTC. */
export function weekOf(at: Date, weekStartsOn = 1): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const back = (d.getUTCDay() - weekStartsOn + 7) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

function periods(rows: TPayoutRecord[], key: (r: TPayoutRecord) => string) {
  const by = new Map<string, { count: number; total: number; tips: number }>();
  for (const r of rows) {
    const k = key(r);
    const p = by.get(k) ?? { count: 0, total: 0, tips: 0 };
    p.count++;
    p.total += r.totalPayout;
    p.tips += r.tip;
    by.set(k, p);
  }
  return [...by.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([period, p]) => ({
      period,
      count: p.count,
      total_payout: toDollars(p.total),
      tips: toDollars(p.tips),
    }));
}

export function earningsSummary(rows: TPayoutRecord[], weekStartsOn = 1): TEarningsView {
  const sum = (f: (r: TPayoutRecord) => number) => rows.reduce((n, r) => n + f(r), 0);
  return {
    data: rows.map((r) => ({
      id: r.id,
      delivery_id: r.deliveryId,
      items_name: r.itemsName,
      arrival_date: r.arrivalDate,
      base_price: toDollars(r.basePrice),
      processing_fee: toDollars(r.processingFee),
      tip: toDollars(r.tip),
      total_payout: toDollars(r.totalPayout),
      status: r.status,
      created_at: r.createdAt.toISOString(),
    })),
    totals: {
      count: rows.length,
      total_payout: toDollars(sum((r) => r.totalPayout)),
      tips: toDollars(sum((r) => r.tip)),
      pending_settlement: toDollars(sum((r) => (r.status === 'paid_out' || r.status === 'cash' ? 0 : r.totalPayout))),
    },
    weeks: periods(rows, (r) => weekOf(r.createdAt, weekStartsOn)),
    months: periods(rows, (r) => r.createdAt.toISOString().slice(0, 7)),
  };
}
