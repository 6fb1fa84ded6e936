/**
 * The late-cancellation fee (issue 27, decision 029): pure, no I/O. A tier applies when the
 * notice (whole minutes from now to the arrival window's start) is strictly less than
 * hours_before × 60; for hours_before 0, once the window has started. The applicable tier with
 * the smallest hours_before wins; none applies: free.
 */
import { DEFAULT_CANCELLATION_POLICY } from '@haulpro/shared/cancellation';
import type { TCancellationTier } from '@haulpro/shared/payouts';

export function applicableTier(
  policy: readonly TCancellationTier[],
  noticeMinutes: number,
): TCancellationTier | null {
  let best: TCancellationTier | null = null;
  for (const t of policy) {
    const applies = t.hours_before === 0 ? noticeMinutes <= 0 : noticeMinutes < t.hours_before * 60;
    if (applies && (!best || t.hours_before < best.hours_before)) best = t;
  }
  return best;
}

export type TCancellationTerms = { feeCents: number; refundCents: number; tier: TCancellationTier | null };

/**
 * What a cancel now keeps and gives back. `feeApplies` false (not the customer, not accepted,
 * not paid by card): everything charged goes back. The notice counts whole minutes, rounded
 * down, so 47:59:30 before the window is 47:59.
 */
export function cancellationTerms(v: {
  policy: readonly TCancellationTier[];
  windowStart: Date;
  now: Date;
  chargedCents: number;
  feeApplies: boolean;
}): TCancellationTerms {
  if (!v.feeApplies) return { feeCents: 0, refundCents: v.chargedCents, tier: null };
  const noticeMinutes = Math.floor((v.windowStart.getTime() - v.now.getTime()) / 60_000);
  const tier = applicableTier(v.policy, noticeMinutes);
  const feeCents = tier ? Math.round((v.chargedCents * tier.percent) / 100) : 0;
  return { feeCents, refundCents: v.chargedCents - feeCents, tier };
}

/** A provider's stored tiers; null (never set, or a labor user who has no setting): the default. */
export const policyOrDefault = (
  stored: readonly TCancellationTier[] | null | undefined,
): readonly TCancellationTier[] => stored ?? DEFAULT_CANCELLATION_POLICY;
