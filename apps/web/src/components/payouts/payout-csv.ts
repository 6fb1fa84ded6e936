import type { TPayoutRow } from '@haulpro/shared/payouts';
import { dayjs } from '../../lib/dayjs.ts';
import { methodLabel } from './payout-lines.ts';

/*
 * The jobs as a spreadsheet (RFC 4180): built in the browser from the rows on screen, so the file
 * says exactly what the page says.
 */

const HEADER = [
  'Job',
  'Date',
  'Method',
  'Gross',
  'Platform fee',
  'Tip',
  'Cancellation fee',
  'Net',
  'Status',
  'Transferred',
  'Paid out',
];

/** Dollars with two decimals and no thousands separator: 1012.5 -> "1012.50". */
export function csvCents(amount: number): string {
  // Whole cents first: the wire's dollars come from cents, and 0.1 + 0.2 must not print 0.30000000000000004.
  const cents = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A field quoted when it holds a quote, a comma or a line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Text a person typed (a job's title): a leading =, +, -, @ or tab would make a spreadsheet run it
 * as a formula, so it gets an apostrophe first.
 */
export function csvText(value: string): string {
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

const day = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD') : '');

export function payoutsCsv(rows: readonly TPayoutRow[]): string {
  const lines = rows.map((r) =>
    [
      csvText(r.title),
      r.job_date,
      methodLabel(r),
      csvCents(r.gross),
      csvCents(r.platform_fee),
      csvCents(r.tip),
      csvCents(r.cancellation_fee),
      csvCents(r.net),
      csvField(r.status_label),
      day(r.transferred_at),
      day(r.paid_out_at),
    ].join(','),
  );
  return `${[HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}

export function payoutsCsvName(now: Date = new Date()): string {
  return `haulpro-payouts-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}

/** Saves the rows as a file (a byte-order mark first, so spreadsheet apps read UTF-8). */
export function downloadPayoutsCsv(rows: readonly TPayoutRow[]): void {
  const blob = new Blob([`\uFEFF${payoutsCsv(rows)}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = payoutsCsvName();
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
