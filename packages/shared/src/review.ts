import { z } from 'zod';
import { requiredOnly, zInt } from './parse.ts';
import type { TReviewView } from './review-view.ts';

/** Review rules (spec: star required, comment 10 to 1500 characters, trimmed; 10-day review period). */
export const REVIEW_COMMENT = { min: 10, max: 1500 } as const;
export const REVIEW_PERIOD_DAYS = 10;
export const REVIEW_MSG = {
  starRequired: 'Please choose a rating',
  commentRequired: 'Comment is required',
  commentMin: 'Comment must be more than 10 characters',
  commentMax: 'Comment must be at most 1500 characters',
  replyRequired: 'Reply is required',
  replyMax: 'Reply must be at most 1500 characters',
  locked: 'This review can no longer be edited.',
  alreadyPublished: 'This review is already published.',
  replyExists: 'This review already has a reply.',
} as const;

export const ZReviewInput = z.object({
  star: zInt(1, 5, REVIEW_MSG.starRequired),
  comment: z
    .string(requiredOnly(REVIEW_MSG.commentRequired))
    .trim()
    .min(1, { message: REVIEW_MSG.commentRequired, abort: true })
    .min(REVIEW_COMMENT.min, REVIEW_MSG.commentMin)
    .max(REVIEW_COMMENT.max, REVIEW_MSG.commentMax),
});
export type TReviewInput = z.input<typeof ZReviewInput>;

/** Star average with one decimal (spec), 0 when there is none. */
export function starAverage(sum: number, count: number): number {
  return count ? Math.round((sum / count) * 10) / 10 : 0;
}

/** A review as the API answers it: its schema is ZReviewView (review-view.ts). */
export type TReview = TReviewView;
