import type { TDiscrepancy, TReconciliation } from '@haulpro/shared/payouts';
import type { TDeps } from '../../context.ts';
import { toDollars } from '../../domain/money.ts';
import { booksDifference, type TJobBooks } from '../../domain/payout-ledger.ts';
import { cardFeesBetween, jobsBooks, movementsBetween } from './payouts.repository.ts';

type TSums = {
  charges: number;
  tips: number;
  transfers: number;
  reversals: number;
  refunds: number;
  platformFees: number;
};
const zero = (): TSums => ({ charges: 0, tips: 0, transfers: 0, reversals: 0, refunds: 0, platformFees: 0 });
const dollars = (s: TSums) => ({
  charges: toDollars(s.charges),
  tips: toDollars(s.tips),
  transfers: toDollars(s.transfers),
  reversals: toDollars(s.reversals),
  refunds: toDollars(s.refunds),
  platform_fees: toDollars(s.platformFees),
});

type TJobBook = { kind: 'order' | 'delivery'; id: number };
const keyOf = (j: TJobBook) => `${j.kind}:${j.id}`;

/**
 * Per job, from the journal and the ledger: what came in, what went out, the platform's fee, and
 * what is owed and not moved yet. A job still running (paid, not finished: no ledger row and no
 * refund) holds the customer's money by design and is not a discrepancy.
 */
export async function booksOfJobs(
  db: TDeps['db'],
  orderIds: number[],
  deliveryIds: number[],
): Promise<Map<string, TJobBooks & { finished: boolean }>> {
  const b = await jobsBooks(db, orderIds, deliveryIds);
  const out = new Map<string, TJobBooks & { finished: boolean }>();
  const at = (kind: 'order' | 'delivery', id: number) => {
    const k = keyOf({ kind, id });
    let v = out.get(k);
    if (!v) {
      v = { charges: 0, transfers: 0, refunds: 0, platformFee: 0, owed: 0, finished: false };
      out.set(k, v);
    }
    return v;
  };
  for (const m of b.movements) {
    const j = m.orderId ? at('order', m.orderId) : m.deliveryId ? at('delivery', m.deliveryId) : null;
    if (!j) continue;
    if (m.kind === 'charge' || m.kind === 'tip_charge') j.charges += m.amount;
    else if (m.kind === 'transfer') j.transfers += m.amount;
    else if (m.kind === 'reversal') j.transfers -= m.amount;
    else j.refunds += m.amount;
  }
  for (const p of b.ledger) {
    const j = p.orderId ? at('order', p.orderId) : at('delivery', p.deliveryId ?? 0);
    j.finished = true;
    if (p.paymentMethod === 'cash') continue;
    j.platformFee += p.platformFee;
    if (p.status === 'pending' || p.status === 'waiting_for_account') j.owed += p.net;
    // Reversed money went back to the platform, which refunded the customer (the dispute) already.
    j.owed -= p.reversalOwed;
  }
  const refunds = [
    ...b.orderRefunds.map((r) => ({ ...r, kind: 'order' as const })),
    ...b.deliveryRefunds.map((r) => ({ ...r, kind: 'delivery' as const })),
  ];
  for (const r of refunds) {
    if (!r.status) continue;
    const j = at(r.kind, r.id);
    j.finished = true;
    if (r.status === 'pending' || r.status === 'failed') j.owed += r.amount ?? 0;
  }
  return out;
}

/** The admin's reconciliation (issue 27): money in and out per day, and every job whose books do not balance. */
export function createReconciliation(deps: Pick<TDeps, 'db' | 'clock'>) {
  return {
    async reconciliation(fromDay: string, toDay: string): Promise<TReconciliation> {
      const from = new Date(`${fromDay}T00:00:00Z`);
      const to = new Date(Date.parse(`${toDay}T00:00:00Z`) + 86_400_000);
      const moves = await movementsBetween(deps.db, from, to);
      const days = new Map<string, TSums>();
      const totals = zero();
      const orderIds = new Set<number>();
      const deliveryIds = new Set<number>();
      for (const m of moves) {
        const d = m.createdAt.toISOString().slice(0, 10);
        const s = days.get(d) ?? zero();
        const add = (k: keyof TSums) => {
          s[k] += m.amount;
          totals[k] += m.amount;
        };
        if (m.kind === 'charge') add('charges');
        else if (m.kind === 'tip_charge') add('tips');
        else if (m.kind === 'transfer') add('transfers');
        else if (m.kind === 'reversal') add('reversals');
        else add('refunds');
        days.set(d, s);
        if (m.orderId) orderIds.add(m.orderId);
        if (m.deliveryId) deliveryIds.add(m.deliveryId);
      }
      const books = await booksOfJobs(deps.db, [...orderIds], [...deliveryIds]);
      const discrepancies: TDiscrepancy[] = [];
      for (const [k, b] of books) {
        const [kind, id] = k.split(':') as ['order' | 'delivery', string];
        if (!b.finished) continue;
        const diff = booksDifference(b);
        if (diff === 0) continue;
        discrepancies.push({
          kind,
          order_id: kind === 'order' ? Number(id) : null,
          delivery_id: kind === 'delivery' ? Number(id) : null,
          charges: toDollars(b.charges),
          transfers: toDollars(b.transfers),
          refunds: toDollars(b.refunds),
          platform_fee: toDollars(b.platformFee),
          owed: toDollars(b.owed),
          difference: toDollars(diff),
        });
      }
      // The platform's fee is earned when a card job finishes (its ledger row): counted on that day.
      for (const f of await cardFeesBetween(deps.db, from, to)) {
        const d = f.createdAt.toISOString().slice(0, 10);
        const s = days.get(d) ?? zero();
        s.platformFees += f.platformFee;
        totals.platformFees += f.platformFee;
        days.set(d, s);
      }
      return {
        from: fromDay,
        to: toDay,
        days: [...days.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([date, s]) => ({ date, ...dollars(s) })),
        totals: dollars(totals),
        discrepancies,
      };
    },
  };
}
