import { z } from 'zod';
import { zDate } from './parse.ts';

/*
 * Money that reaches the providers (issue 27, decision 028): the payout account (Stripe Connect
 * Express), the payout ledger of both kinds of work, tips, the cancellation policy and the admin's
 * reconciliation. The API's routes declare these schemas; the web imports the same types.
 * Money in dollars.
 */

export const PAYOUT_ACCOUNT_STATUSES = ['not_connected', 'needs_information', 'active'] as const;
export type TPayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

export const PAYOUT_ACCOUNT_LABELS: Record<TPayoutAccountStatus, string> = {
  not_connected: 'Not connected',
  needs_information: 'Needs information',
  active: 'Active',
};

/** GET dashboard/payout-account. */
export const ZPayoutAccount = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  /** What Stripe still asks for (its `requirements.currently_due` names). */
  requirements: z.array(z.string()),
  /** false: Stripe is not configured here, so card payouts are off (cash jobs go on). */
  card_payouts: z.boolean(),
});
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;

export const ZPayoutAccountLink = z.object({ url: z.string() });

export const PAYOUT_STATUSES = [
  'pending',
  'waiting_for_account',
  'transferred',
  'paid_out',
  'cash',
  'reversed',
] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_LABELS: Record<TPayoutStatus, string> = {
  pending: 'Sending',
  waiting_for_account: 'Waiting for your payout account',
  transferred: 'On its way to your bank',
  paid_out: 'Paid out',
  cash: 'Cash (collected by you)',
  reversed: 'Reversed',
};

/** A crew member's share of a moving order's tip. */
export const ZTipShare = z.object({ crew_id: z.number().int(), name: z.string(), amount: z.number() });

/** One job in the payout ledger. */
export const ZPayoutRow = z.object({
  id: z.number().int(),
  kind: z.enum(['order', 'delivery']),
  order_id: z.number().int().nullable(),
  delivery_id: z.number().int().nullable(),
  /** "Move #12 · 2 helpers, 3 hours" or the delivery's items. */
  title: z.string(),
  /** The job's date (YYYY-MM-DD). */
  job_date: z.string(),
  payment_method: z.enum(['cash', 'electronic']),
  gross: z.number(),
  platform_fee: z.number(),
  tip: z.number(),
  cancellation_fee: z.number(),
  /** gross − platform fee + tip + cancellation fee. */
  net: z.number(),
  /** Taken back from the transfer by a refund or a dispute. */
  reversed: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  status_label: z.string(),
  created_at: z.string(),
  transferred_at: z.string().nullable(),
  /** When the bank is expected to have it (Stripe's payout arrival date), once known. */
  expected_at: z.string().nullable(),
  paid_out_at: z.string().nullable(),
  tip_shares: z.array(ZTipShare),
});
export type TPayoutRow = z.infer<typeof ZPayoutRow>;

export const ZPayoutSums = z.object({
  gross: z.number(),
  platform_fee: z.number(),
  tips: z.number(),
  cancellation_fees: z.number(),
  net: z.number(),
  /** Net of the jobs whose money reached the bank. */
  paid_out: z.number(),
  /** Net of card jobs not paid out yet (sending, waiting for the account, on its way). */
  pending: z.number(),
  /** Platform fees of cash jobs: the provider collected the money and owes these. */
  platform_fee_owed: z.number(),
});
export type TPayoutSums = z.infer<typeof ZPayoutSums>;

export const ZPayoutPeriod = ZPayoutSums.extend({
  /** A week's Monday (YYYY-MM-DD) or a month (YYYY-MM). */
  period: z.string(),
  count: z.number().int(),
});
export type TPayoutPeriod = z.infer<typeof ZPayoutPeriod>;

/** GET dashboard/payouts?period=week|month: the jobs, the totals, and the same sums by period. */
export const ZPayoutsView = z.object({
  data: z.array(ZPayoutRow),
  totals: ZPayoutSums.extend({ count: z.number().int() }),
  period: z.enum(['week', 'month']),
  periods: z.array(ZPayoutPeriod),
});
export type TPayoutsView = z.infer<typeof ZPayoutsView>;

export const PAYOUT_MSG = {
  paymentsOff: 'Card payments are not configured',
  stripeUnreachable: 'Stripe could not be reached. Please try again in a minute.',
  period: 'Period must be week or month.',
  from: 'From must be a date (YYYY-MM-DD).',
  to: 'To must be a date (YYYY-MM-DD).',
  fromAfterTo: 'From must not be after To.',
  rangeTooLong: 'Choose at most a year.',
} as const;

export const ZPayoutsQuery = z.strictObject({
  period: z.enum(['week', 'month'], { message: PAYOUT_MSG.period }).default('week'),
});

/** GET admin/reconciliation: a range of days, at most a year (both optional: the last 30 days). */
export const ZReconciliationQuery = z
  .strictObject({ from: zDate(PAYOUT_MSG.from).optional(), to: zDate(PAYOUT_MSG.to).optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: PAYOUT_MSG.fromAfterTo, path: ['from'] })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: PAYOUT_MSG.rangeTooLong,
    path: ['to'],
  });

/** A tier of a cancellation policy: within `hours_before` hours of the arrival window, `percent` is kept. */
export const ZCancellationTier = z.object({
  hours_before: z.number().int(),
  percent: z.number().int(),
});
export type TCancellationTier = z.infer<typeof ZCancellationTier>;

/** GET .../cancel-preview: what a cancel now would keep and give back. */
export const ZCancelPreview = z.object({
  fee: z.number(),
  refund: z.number(),
  /** The tier that applies; null when cancelling is free. */
  tier: ZCancellationTier.nullable(),
  /** Who the fee goes to ("Demo Movers"), for the modal's words. */
  provider_name: z.string().nullable(),
});
export type TCancelPreview = z.infer<typeof ZCancelPreview>;

/** One day of the admin's reconciliation (cents become dollars). */
export const ZReconciliationSums = z.object({
  charges: z.number(),
  tips: z.number(),
  transfers: z.number(),
  reversals: z.number(),
  refunds: z.number(),
  platform_fees: z.number(),
});
export const ZReconciliationDay = ZReconciliationSums.extend({ date: z.string() });

export const ZDiscrepancy = z.object({
  kind: z.enum(['order', 'delivery']),
  order_id: z.number().int().nullable(),
  delivery_id: z.number().int().nullable(),
  charges: z.number(),
  transfers: z.number(),
  refunds: z.number(),
  platform_fee: z.number(),
  /** Money owed but not moved yet (a transfer waiting for an account, a refund to retry). */
  owed: z.number(),
  /** charges − (transfers + refunds + platform fee + owed). */
  difference: z.number(),
});
export type TDiscrepancy = z.infer<typeof ZDiscrepancy>;

/** GET admin/reconciliation?from&to. */
export const ZReconciliation = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(ZReconciliationDay),
  totals: ZReconciliationSums,
  discrepancies: z.array(ZDiscrepancy),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;

export const TIP_MSG = {
  amount: 'Tip must be an amount in dollars.',
  negative: 'Tip cannot be negative.',
  cents: 'Tip can have at most two decimals.',
  tooMuch: 'Tip can be at most the price of the job.',
  declined: 'Your card was declined for the tip. Confirm without a tip, or tip your crew in cash.',
  unreachable: 'Stripe could not be reached for the tip. Please try again in a minute.',
  noSavedCard:
    'The card of this booking cannot be charged again. Confirm without a tip, or tip your crew in cash.',
} as const;

/** The customer's confirmation of a finished job, with an optional tip (dollars, 0 to the price). */
export const ZCompleteInput = z
  .strictObject({
    tip: z
      .number({ message: TIP_MSG.amount })
      .min(0, TIP_MSG.negative)
      .max(1_000_000, TIP_MSG.tooMuch)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, TIP_MSG.cents)
      .optional(),
  })
  .optional();
export type TCompleteInput = z.infer<typeof ZCompleteInput>;
