import type { TPayoutRow } from '@haulpro/shared/payouts';
import { dayjs } from '../../lib/dayjs.ts';

/** "Nov 30" this year, "Nov 30, 2025" another year. */
export function shortDate(value: string, now: Date = new Date()): string {
  const d = dayjs(value);
  return d.year() === now.getFullYear() ? d.format('MMM D') : d.format('MMM D, YYYY');
}

export type TStatusTone = 'done' | 'coming' | 'blocked' | 'cash' | 'reversed';

export type TStatusLine = {
  /** What the row says about the money: "Paid out Nov 30", "Expected Dec 2"... */
  text: string;
  tone: TStatusTone;
  /** The payout account is missing: the row links to where it is connected. */
  needsAccount: boolean;
};

/** When and how a job's money reaches the bank, in words. */
export function payoutStatusLine(row: TPayoutRow, now: Date = new Date()): TStatusLine {
  const line = (text: string, tone: TStatusTone, needsAccount = false) => ({ text, tone, needsAccount });
  switch (row.status) {
    case 'paid_out':
      return line(row.paid_out_at ? `Paid out ${shortDate(row.paid_out_at, now)}` : 'Paid out', 'done');
    case 'transferred':
    case 'pending':
      return line(row.expected_at ? `Expected ${shortDate(row.expected_at, now)}` : 'On its way', 'coming');
    case 'waiting_for_account':
      return line('Waiting for your payout account', 'blocked', true);
    case 'cash':
      return line('Cash: collected from the customer', 'cash');
    case 'reversed':
      return line('Taken back by a refund or a dispute', 'reversed');
  }
}

/** The page of the job: the company's order or delivery; a helper's delivery on their dashboard. */
export function jobLink(row: TPayoutRow): string | null {
  if (row.kind === 'order' && row.order_id !== null) return `/orders?order_id=${row.order_id}`;
  if (row.delivery_id !== null) return `/deliveries?delivery_id=${row.delivery_id}`;
  return null;
}

export function methodLabel(row: TPayoutRow): string {
  return row.payment_method === 'cash' ? 'Cash' : 'Card';
}
