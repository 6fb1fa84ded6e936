import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { NAME_MAX } from './constants.ts';
import { MSG } from './messages.ts';
import { requiredOnly, zBool, zId, zInt } from './parse.ts';
import { REVIEW_MSG, REVIEW_PERIOD_DAYS, ZReviewInput } from './review.ts';
import { ZReviewView } from './review-view.ts';

/** Reviews leave the lists and the averages three years after they were published (spec). */
export const REVIEW_ARCHIVE_YEARS = 3;
/** At most this many reviewer invitations per location (spec: review invites max 100 per location). */
export const REVIEW_INVITE_MAX = 100;
export const REVIEW_INVITE_MSG = {
  alreadyInvited: 'This email is already invited',
  limit: `You reached the limit of ${REVIEW_INVITE_MAX} invites`,
  emailsRequired: 'Enter at least one email',
  ordersRequired: 'Choose an order or all orders',
  noOrders: 'This location has no orders yet',
  noCustomers: 'Every customer of these orders is already invited',
  nameRequired: 'Your name is required',
  linkInvalid: 'This review link is not valid.',
  alreadyReviewed: 'You have already reviewed this company. Thank you!',
} as const;

const DAY_MS = 86_400_000;

// ---------------- pure rules (injected clock) ----------------

/** Until when the author may edit (and must publish) a review written at `createdAt`. */
export function reviewPeriodEnd(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_PERIOD_DAYS * DAY_MS);
}

/** The author may edit an unpublished review during its 10-day period. */
export function canEditReview(r: { publishedAt: Date | null; createdAt: Date }, now: Date): boolean {
  return r.publishedAt === null && now.getTime() <= reviewPeriodEnd(r.createdAt).getTime();
}

/** The author may publish an unpublished review (the job does it when the period has ended). */
export function canPublishReview(r: { publishedAt: Date | null }): boolean {
  return r.publishedAt === null;
}

/** The scheduler publishes an unpublished review once its period has ended. */
export function isAutoPublishDue(r: { publishedAt: Date | null; createdAt: Date }, now: Date): boolean {
  return r.publishedAt === null && now.getTime() > reviewPeriodEnd(r.createdAt).getTime();
}

/** Only the receiver replies, only to a published, active review, and only once (spec). */
export function canReplyToReview(r: {
  isReceiver: boolean;
  publishedAt: Date | null;
  archivedAt: Date | null;
  hasReply: boolean;
}): boolean {
  return r.isReceiver && r.publishedAt !== null && r.archivedAt === null && !r.hasReply;
}

/** Reviews published before this instant are archived (three years, on the calendar). */
export function archiveCutoff(now: Date): Date {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - REVIEW_ARCHIVE_YEARS);
  return d;
}

/** Counted in an average: published, and not (yet) archived. */
export function isActiveReview(r: { publishedAt: Date | null; archivedAt: Date | null }, now: Date): boolean {
  return (
    r.publishedAt !== null && r.archivedAt === null && r.publishedAt.getTime() >= archiveCutoff(now).getTime()
  );
}

/** The star average with one decimal and the count of active reviews (archived ones left out). */
export function reviewStats(
  rows: { star: number; publishedAt: Date | null; archivedAt: Date | null }[],
  now: Date,
): { avg_star: number; count_star: number } {
  const active = rows.filter((r) => isActiveReview(r, now));
  const sum = active.reduce((s, r) => s + r.star, 0);
  return {
    avg_star: active.length ? Math.round((sum / active.length) * 10) / 10 : 0,
    count_star: active.length,
  };
}

/**
 * The invite-reviewer e-mail list (spec): invalid e-mails are removed, already invited ones are
 * removed with "This email is already invited", duplicates count once; sending is refused when
 * the invited plus the entered exceed 100.
 */
export function inviteEmailList(
  entered: string[],
  alreadyInvited: Iterable<string>,
): { emails: string[]; invalid: string[]; alreadyInvited: string[] } {
  const invited = new Set([...alreadyInvited].map((e) => e.toLowerCase()));
  const emails: string[] = [];
  const invalid: string[] = [];
  const again: string[] = [];
  for (const raw of entered) {
    const parsed = ZEmail.safeParse(raw);
    if (!parsed.success) {
      if (raw.trim()) invalid.push(raw.trim());
      continue;
    }
    if (invited.has(parsed.data)) again.push(parsed.data);
    else if (!emails.includes(parsed.data)) emails.push(parsed.data);
  }
  return { emails, invalid, alreadyInvited: again };
}

/** Whether `entered` more invitations fit beside `invited` ones (spec: at most 100 per location). */
export function invitesFit(invited: number, entered: number): boolean {
  return invited + entered <= REVIEW_INVITE_MAX;
}

// ---------------- wire schemas ----------------

export const REVIEW_TYPES = ['moving', 'delivery'] as const;
export const REVIEW_TABS = ['sent', 'received'] as const;
export type TReviewType = (typeof REVIEW_TYPES)[number];
export type TReviewTab = (typeof REVIEW_TABS)[number];

/** GET reviews: Moving or Delivery reviews, the Reviewed (sent) or Received tab, a page. */
export const ZReviewListQuery = z.object({
  type: z.enum(REVIEW_TYPES).default('moving'),
  tab: z.enum(REVIEW_TABS).default('received'),
  /** Staff: only this location's reviews (received by it, or sent on its orders). */
  branch_id: zId().optional(),
  page: zInt(1, 100000).default(1),
  paginate: zInt(1, 100).default(15),
});
export type TReviewListQuery = z.input<typeof ZReviewListQuery>;

export const ZStarStats = z.object({ avg_star: z.number(), count_star: z.number().int() });
/** Summary: sent and received each with avg_star and count_star (spec). */
export const ZReviewSummary = z.object({ sent: ZStarStats, received: ZStarStats });
export type TReviewSummary = z.infer<typeof ZReviewSummary>;

/** A review in the list, with what the caller may do with it. */
export const ZReviewListItem = ZReviewView.extend({
  /** An invited review (written through an e-mailed invitation, without an account). */
  is_invited: z.boolean(),
  can_edit: z.boolean(),
  can_publish: z.boolean(),
  can_reply: z.boolean(),
});
export type TReviewListItem = z.infer<typeof ZReviewListItem>;

export const ZReviewList = z.object({
  data: z.array(ZReviewListItem),
  summary: ZReviewSummary,
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type TReviewList = z.infer<typeof ZReviewList>;

/** POST reviews: a review of the other side of a completed order or delivery. */
export const ZReviewCreate = ZReviewInput.extend({
  order_id: zId().optional(),
  delivery_id: zId().optional(),
}).superRefine((v, ctx) => {
  if ((v.order_id === undefined) === (v.delivery_id === undefined))
    ctx.addIssue({ code: 'custom', path: ['order_id'], message: 'Choose an order or a delivery' });
});
export type TReviewCreate = z.input<typeof ZReviewCreate>;

export const ZReplyInput = z.object({
  comment: z
    .string(requiredOnly(REVIEW_MSG.replyRequired))
    .trim()
    .min(1, REVIEW_MSG.replyRequired)
    .max(1500, REVIEW_MSG.replyMax),
});

// ---------------- reviewer invitations ----------------

/** GET reviews/inviters: per location id, its orders and invited_reviews_count (spec). */
export const ZInviter = z.object({
  id: z.number().int(),
  name: z.string(),
  orders: z.array(z.object({ id: z.number().int(), label: z.string() })),
  invited_reviews_count: z.number().int(),
});
export type TInviter = z.infer<typeof ZInviter>;

/** POST reviews/invite: branch_id with emails, or branch_id with is_customers, orders, all_orders (spec). */
export const ZReviewInvite = z
  .object({
    branch_id: zId(),
    emails: z
      .array(z.string().max(254, MSG.invalidEmail))
      .max(REVIEW_INVITE_MAX, REVIEW_INVITE_MSG.limit)
      .optional(),
    is_customers: zBool().optional(),
    orders: z.array(zId()).max(500).optional(),
    all_orders: zBool().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.is_customers) {
      if (!v.all_orders && !v.orders?.length)
        ctx.addIssue({ code: 'custom', path: ['orders'], message: REVIEW_INVITE_MSG.ordersRequired });
    } else if (!v.emails?.some((e) => e.trim()))
      ctx.addIssue({ code: 'custom', path: ['emails'], message: REVIEW_INVITE_MSG.emailsRequired });
  });
export type TReviewInvite = z.input<typeof ZReviewInvite>;

/** What POST reviews/invite did. */
export const ZReviewInviteResult = z.object({
  invited: z.array(z.string()),
  invalid: z.array(z.string()),
  already_invited: z.array(z.string()),
  invited_reviews_count: z.number().int(),
});
export type TReviewInviteResult = z.infer<typeof ZReviewInviteResult>;

/** One invited person: Pending until they review, then Available. */
export const ZReviewInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(['pending', 'available']),
  order_id: z.number().int().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type TReviewInvitation = z.infer<typeof ZReviewInvitation>;

export const ZReviewInvitationsQuery = z.object({
  branch_id: zId(),
  status: z.enum(['pending', 'available']).default('pending'),
});

/** The public page an invitation links to. */
export const ZPublicReviewInvitation = z.object({
  company_name: z.string(),
  branch_name: z.string(),
  logo: z.string().nullable(),
  email: z.string(),
  reviewed: z.boolean(),
});
export type TPublicReviewInvitation = z.infer<typeof ZPublicReviewInvitation>;

export const ZInviteToken = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, REVIEW_INVITE_MSG.linkInvalid),
});

/** The invited person's review: their name, a star and a comment (the same rules as every review). */
export const ZInvitedReviewInput = ZReviewInput.extend({
  name: z
    .string(requiredOnly(REVIEW_INVITE_MSG.nameRequired))
    .trim()
    .min(1, REVIEW_INVITE_MSG.nameRequired)
    .max(NAME_MAX, `Max length is ${NAME_MAX} character`),
});
export type TInvitedReviewInput = z.input<typeof ZInvitedReviewInput>;
