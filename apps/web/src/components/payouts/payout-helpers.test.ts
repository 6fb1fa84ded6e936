import type { TPayoutRow } from '@haulpro/shared/payouts';
import { describe, expect, it } from 'vitest';
import { csvCents, csvField, csvText, payoutsCsv, payoutsCsvName } from './payout-csv.ts';
import { jobLink, payoutStatusLine, shortDate } from './payout-lines.ts';

/** A card job paid out. */
function row(patch: Partial<TPayoutRow> = {}): TPayoutRow {
  return {
    id: 1,
    kind: 'order',
    order_id: 12,
    delivery_id: null,
    title: 'Move #12 · 2 helpers, 3 hours',
    job_date: '2026-11-20',
    payment_method: 'electronic',
    gross: 300,
    platform_fee: 30,
    tip: 20,
    cancellation_fee: 0,
    net: 290,
    reversed: 0,
    status: 'paid_out',
    status_label: 'Paid out',
    created_at: '2026-11-20T20:00:00.000Z',
    transferred_at: '2026-11-21T12:00:00.000Z',
    expected_at: '2026-11-23',
    paid_out_at: '2026-11-23T12:00:00.000Z',
    tip_shares: [],
    ...patch,
  };
}

const NOW = new Date('2026-11-27T12:00:00Z');

describe('payouts CSV', () => {
  it('formats dollars as cents with two decimals', () => {
    expect(csvCents(290)).toBe('290.00');
    expect(csvCents(1012.5)).toBe('1012.50');
    expect(csvCents(0.1 + 0.2)).toBe('0.30');
    expect(csvCents(-12.5)).toBe('-12.50');
    expect(csvCents(0.005)).toBe('0.01');
    expect(csvCents(-0)).toBe('0.00');
  });

  it('quotes fields with quotes, commas and line breaks (RFC 4180)', () => {
    expect(csvField('Sofa')).toBe('Sofa');
    expect(csvField('Sofa, chair')).toBe('"Sofa, chair"');
    expect(csvField('The "big" sofa')).toBe('"The ""big"" sofa"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('keeps a title from running as a spreadsheet formula', () => {
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvText('-5 boxes')).toBe("'-5 boxes");
    expect(csvText('Boxes')).toBe('Boxes');
  });

  it('writes a header and one line per job, CRLF-terminated', () => {
    const csv = payoutsCsv([
      row(),
      row({
        id: 2,
        kind: 'delivery',
        order_id: null,
        delivery_id: 7,
        title: 'Sofa, "grey"',
        payment_method: 'cash',
        gross: 80.5,
        platform_fee: 8.05,
        tip: 0,
        net: 72.45,
        status: 'cash',
        status_label: 'Cash (collected by you)',
        transferred_at: null,
        paid_out_at: null,
      }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Job,Date,Method,Gross,Platform fee,Tip,Cancellation fee,Net,Status,Transferred,Paid out',
    );
    expect(lines[1]).toBe(
      '"Move #12 · 2 helpers, 3 hours",2026-11-20,Card,300.00,30.00,20.00,0.00,290.00,Paid out,2026-11-21,2026-11-23',
    );
    expect(lines[2]).toBe(
      '"Sofa, ""grey""",2026-11-20,Cash,80.50,8.05,0.00,0.00,72.45,Cash (collected by you),,',
    );
    expect(lines[3]).toBe('');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('names the file after today', () => {
    expect(payoutsCsvName(new Date(2026, 10, 27, 9))).toBe('haulpro-payouts-2026-11-27.csv');
  });
});

describe('payout status lines', () => {
  it('says when the money reached or reaches the bank', () => {
    expect(payoutStatusLine(row(), NOW)).toMatchObject({ text: 'Paid out Nov 23', tone: 'done' });
    expect(
      payoutStatusLine(row({ status: 'transferred', paid_out_at: null, expected_at: '2026-12-02' }), NOW)
        .text,
    ).toBe('Expected Dec 2');
    expect(payoutStatusLine(row({ status: 'pending', expected_at: null, paid_out_at: null }), NOW).text).toBe(
      'On its way',
    );
    expect(payoutStatusLine(row({ paid_out_at: '2025-12-30T12:00:00Z' }), NOW).text).toBe(
      'Paid out Dec 30, 2025',
    );
  });

  it('points at the payout account when it is missing; cash and reversals in words', () => {
    expect(payoutStatusLine(row({ status: 'waiting_for_account' }), NOW)).toEqual({
      text: 'Waiting for your payout account',
      tone: 'blocked',
      needsAccount: true,
    });
    expect(payoutStatusLine(row({ status: 'cash' }), NOW).text).toBe('Cash: collected from the customer');
    expect(payoutStatusLine(row({ status: 'reversed' }), NOW).tone).toBe('reversed');
  });

  it('short dates carry the year only when it is not this one', () => {
    expect(shortDate('2026-11-30', NOW)).toBe('Nov 30');
    expect(shortDate('2027-01-02', NOW)).toBe('Jan 2, 2027');
  });

  it('links the order or the delivery', () => {
    expect(jobLink(row())).toBe('/orders?order_id=12');
    expect(jobLink(row({ kind: 'delivery', order_id: null, delivery_id: 7 }))).toBe(
      '/deliveries?delivery_id=7',
    );
    expect(jobLink(row({ kind: 'delivery', order_id: null, delivery_id: null }))).toBeNull();
  });
});
