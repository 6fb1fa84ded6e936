import { z } from 'zod';
import { zInt } from './parse.ts';

/** Review rules (spec: star required, comment 10 to 1500 characters, trimmed; 10-day review period). */
export const REVIEW_COMMENT = { min: 10, max: 1500 } as const;
export const REVIEW_PERIOD_DAYS = 10;
export const REVIEW_MSG = {
  starRequired: 'Please choose a rating',
  commentRequired: 'Comment is required',
  commentMin: 'Comment must be more than 10 characters',
  commentMax: 'Comment must be at most 1500 characters',
  replyRequired: 'Reply is required',
  locked: 'This review can no longer be edited.',
  alreadyPublished: 'This review is already published.',
  replyExists: 'This review already has a reply.',
} as const;

export const ZReviewInput = z.object({
  star: zInt(1, 5, REVIEW_MSG.starRequired),
  comment: z
    .string({ error: REVIEW_MSG.commentRequired })
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

/** The review as the API answers it (spec: Review). */
export type TReview = {
  id: number;
  star: number;
  comment: string;
  published_at: string | null;
  /** Still editable by its author until then (10 days after it was written). */
  editable_until: string;
  is_published: boolean;
  /** Who wrote it: the customer (about the branch) or the company (about the customer). */
  sender_party: 'customer' | 'company';
  image: string | null;
  sender: { name: string; image: string | null };
  receiver: { name: string };
  branch_name: string | null;
  order_link: string | null;
  order_id: number | null;
  delivery_id: number | null;
  replies: {
    id: number;
    comment: string;
    sender: { name: string; image: string | null };
    created_at: string;
  }[];
  created_at: string;
};
