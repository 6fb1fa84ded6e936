import { BREAKPOINTS } from './constants.ts';

/** Cuts text at `max` characters and marks the cut with '...' (trailing spaces dropped first). */
export function cutText(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  return `${trimmed.slice(0, max).trimEnd()}...`;
}

/**
 * Branch name truncation (spec section 9: "Branch name truncation 10/8/12"): 10 characters
 * by default, 8 on phones (below sm) and 12 on wide screens (lg and up).
 */
export const BRANCH_NAME_CUT = { base: 10, phone: 8, wide: 12 } as const;
/** Addresses on the location cards are cut at 59 characters (spec section 9). */
export const CARD_ADDRESS_MAX = 59;

/** How many characters of a branch name fit at this viewport width. */
export function branchNameMaxFor(viewportWidth: number): number {
  if (viewportWidth < BREAKPOINTS.sm) return BRANCH_NAME_CUT.phone;
  if (viewportWidth >= BREAKPOINTS.lg) return BRANCH_NAME_CUT.wide;
  return BRANCH_NAME_CUT.base;
}

/** '{n} active review(s)' (spec). */
export function activeReviewsText(n: number): string {
  return `${n} active review${n === 1 ? '' : 's'}`;
}
