import type { TCancellationTier } from './payouts.ts';

/*
 * A cancellation policy in words (decision 029), apart from its input schema so that the public
 * company page and the booking's last step say it without loading zod.
 */

export const DEFAULT_CANCELLATION_POLICY: readonly TCancellationTier[] = [
  { hours_before: 48, percent: 25 },
  { hours_before: 24, percent: 50 },
  { hours_before: 0, percent: 100 },
];

/** The tiers from farthest to nearest (the order people read them in). */
export const sortTiers = (tiers: readonly TCancellationTier[]): TCancellationTier[] =>
  [...tiers].sort((a, b) => b.hours_before - a.hours_before);

const hours = (h: number) => `${h} hour${h === 1 ? '' : 's'}`;

/** "25 % within 48 hours", "100 % once the arrival window has started". */
export function describeTier(t: TCancellationTier): string {
  if (t.hours_before === 0) return `${t.percent} % once the arrival window has started`;
  return `${t.percent} % within ${hours(t.hours_before)}`;
}

/**
 * The policy in words, one line a step: "Free until 48 hours before the arrival window", then
 * each tier. Tiers keeping 0 % are free and only move the "free until" line.
 */
export function describePolicy(tiers: readonly TCancellationTier[]): string[] {
  const charged = sortTiers(tiers).filter((t) => t.percent > 0);
  const first = charged[0];
  if (!first) return ['Free to cancel at any time'];
  const free =
    first.hours_before === 0
      ? 'Free until the arrival window starts'
      : `Free until ${hours(first.hours_before)} before the arrival window`;
  return [free, ...charged.map(describeTier)];
}
