/**
 * The payout ledger's arithmetic (decision 028): pure, in integer cents. What a finished job
 * earns its provider, how a tip splits across a crew, the sums by week and month, and the
 * reconciliation identity: for every job, charges = transfers + refunds + platform fee.
 */

export type TLedgerAmounts = {
  gross: number;
  platformFee: number;
  tip: number;
  cancellationFee: number;
};

/** What reaches the provider: price less the platform fee, plus the tip and any cancellation fee kept. */
export const netOf = (a: TLedgerAmounts): number => a.gross - a.platformFee + a.tip + a.cancellationFee;

/** The platform's share of a price, in basis points, rounded to the cent (half up). */
export const platformFeeOf = (priceCents: number, bps: number): number =>
  Math.round((priceCents * bps) / 10_000);

/**
 * A tip split evenly between crew members (by crew id, ascending); the cents that do not divide go
 * one each to the first members, so the shares always add up to the tip.
 */
export function splitTip(tipCents: number, crewIds: readonly number[]): { crewId: number; amount: number }[] {
  const ids = [...new Set(crewIds)].sort((a, b) => a - b);
  if (!ids.length || tipCents <= 0) return [];
  const base = Math.floor(tipCents / ids.length);
  const extra = tipCents - base * ids.length;
  return ids.map((crewId, i) => ({ crewId, amount: base + (i < extra ? 1 : 0) }));
}

/** Backoff of a transfer Stripe could not take: 1 min, 5 min, 30 min, then every 2 hours. */
export function retryDelayMs(attempts: number): number {
  const steps = [60_000, 300_000, 1_800_000];
  return steps[attempts - 1] ?? 7_200_000;
}

export type TPayoutStatusRow = {
  status: 'pending' | 'waiting_for_account' | 'transferred' | 'paid_out' | 'cash' | 'reversed';
  paymentMethod: 'cash' | 'electronic';
  gross: number;
  platformFee: number;
  tip: number;
  cancellationFee: number;
  net: number;
  reversed: number;
  createdAt: Date;
};

export type TLedgerSums = {
  count: number;
  gross: number;
  platformFee: number;
  tips: number;
  cancellationFees: number;
  net: number;
  paidOut: number;
  pending: number;
  platformFeeOwed: number;
};

/** Sums of ledger rows: net counts what reached (or is on its way to) the provider, less reversals. */
export function ledgerSums(rows: readonly TPayoutStatusRow[]): TLedgerSums {
  const s: TLedgerSums = {
    count: 0,
    gross: 0,
    platformFee: 0,
    tips: 0,
    cancellationFees: 0,
    net: 0,
    paidOut: 0,
    pending: 0,
    platformFeeOwed: 0,
  };
  for (const r of rows) {
    const net = r.net - r.reversed;
    s.count++;
    s.gross += r.gross;
    s.platformFee += r.platformFee;
    s.tips += r.tip;
    s.cancellationFees += r.cancellationFee;
    s.net += net;
    if (r.status === 'paid_out') s.paidOut += net;
    else if (r.status !== 'cash' && r.status !== 'reversed') s.pending += net;
    if (r.status === 'cash') s.platformFeeOwed += r.platformFee;
  }
  return s;
}

/** The Monday (YYYY-MM-DD) of an instant's week, in UTC. */
export function weekOf(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The rows' sums by week (Monday) or month of their creation, newest period first. */
export function ledgerPeriods<T extends TPayoutStatusRow>(
  rows: readonly T[],
  period: 'week' | 'month',
): (TLedgerSums & { period: string })[] {
  const by = new Map<string, T[]>();
  for (const r of rows) {
    const k = period === 'week' ? weekOf(r.createdAt) : r.createdAt.toISOString().slice(0, 7);
    by.set(k, [...(by.get(k) ?? []), r]);
  }
  return [...by.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([k, rs]) => ({ period: k, ...ledgerSums(rs) }));
}

export type TJobBooks = {
  charges: number;
  transfers: number;
  refunds: number;
  platformFee: number;
  /** Owed and not moved yet: a transfer waiting or retrying, a refund to retry, a reversal due. */
  owed: number;
};

/** charges − (transfers + refunds + platform fee + owed): 0 when the job's books balance. */
export const booksDifference = (b: TJobBooks): number =>
  b.charges - (b.transfers + b.refunds + b.platformFee + b.owed);
