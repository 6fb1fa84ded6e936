import { describe, expect, it } from 'vitest';
import {
  archiveCutoff,
  canEditReview,
  canPublishReview,
  canReplyToReview,
  inviteEmailList,
  invitesFit,
  isActiveReview,
  isAutoPublishDue,
  REVIEW_INVITE_MSG,
  reviewStats,
  ZInvitedReviewInput,
  ZReviewCreate,
  ZReviewInvite,
} from './review-page.ts';

const now = new Date('2026-11-23T18:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe('the 10-day review period', () => {
  it('lets the author edit an unpublished review for 10 days, then the job publishes it', () => {
    const fresh = { publishedAt: null, createdAt: daysAgo(9.9) };
    expect(canEditReview(fresh, now)).toBe(true);
    expect(isAutoPublishDue(fresh, now)).toBe(false);
    const exactly = { publishedAt: null, createdAt: daysAgo(10) };
    expect(canEditReview(exactly, now)).toBe(true);
    expect(isAutoPublishDue(exactly, now)).toBe(false);
    const late = { publishedAt: null, createdAt: new Date(daysAgo(10).getTime() - 1) };
    expect(canEditReview(late, now)).toBe(false);
    expect(isAutoPublishDue(late, now)).toBe(true);
    const published = { publishedAt: daysAgo(1), createdAt: daysAgo(2) };
    expect(canEditReview(published, now)).toBe(false);
    expect(canPublishReview(published)).toBe(false);
    expect(isAutoPublishDue(published, now)).toBe(false);
    expect(canPublishReview(fresh)).toBe(true);
  });
});

describe('replies', () => {
  const base = { isReceiver: true, publishedAt: daysAgo(1), archivedAt: null, hasReply: false };
  it('only the receiver, only on a published active review without a reply', () => {
    expect(canReplyToReview(base)).toBe(true);
    expect(canReplyToReview({ ...base, isReceiver: false })).toBe(false);
    expect(canReplyToReview({ ...base, publishedAt: null })).toBe(false);
    expect(canReplyToReview({ ...base, hasReply: true })).toBe(false);
    expect(canReplyToReview({ ...base, archivedAt: daysAgo(0) })).toBe(false);
  });
});

describe('averages leave archived reviews out', () => {
  it('counts published reviews of the last three years only', () => {
    expect(archiveCutoff(now).toISOString()).toBe('2023-11-23T18:00:00.000Z');
    const rows = [
      { star: 5, publishedAt: daysAgo(3), archivedAt: null },
      { star: 4, publishedAt: daysAgo(400), archivedAt: null },
      { star: 4, publishedAt: null, archivedAt: null },
      { star: 1, publishedAt: new Date('2023-11-23T17:59:59Z'), archivedAt: null },
      { star: 1, publishedAt: daysAgo(2000), archivedAt: daysAgo(900) },
    ];
    expect(reviewStats(rows, now)).toEqual({ avg_star: 4.5, count_star: 2 });
    expect(isActiveReview({ publishedAt: new Date('2023-11-23T18:00:00Z'), archivedAt: null }, now)).toBe(
      true,
    );
    expect(reviewStats([], now)).toEqual({ avg_star: 0, count_star: 0 });
    expect(
      reviewStats(
        [
          { star: 4, publishedAt: daysAgo(1), archivedAt: null },
          { star: 5, publishedAt: daysAgo(1), archivedAt: null },
          { star: 5, publishedAt: daysAgo(1), archivedAt: null },
        ],
        now,
      ).avg_star,
    ).toBe(4.7);
  });
});

describe('reviewer invitations', () => {
  it('drops invalid e-mails, reports already invited ones, counts duplicates once', () => {
    const r = inviteEmailList(
      ['a@x.test', 'not-an-email', ' B@X.test ', 'a@x.test', '', 'old@x.test'],
      ['OLD@x.test'],
    );
    expect(r).toEqual({
      emails: ['a@x.test', 'b@x.test'],
      invalid: ['not-an-email'],
      alreadyInvited: ['old@x.test'],
    });
  });
  it('refuses to pass 100 per location', () => {
    expect(invitesFit(98, 2)).toBe(true);
    expect(invitesFit(99, 2)).toBe(false);
    expect(invitesFit(0, 101)).toBe(false);
    expect(REVIEW_INVITE_MSG.limit).toBe('You reached the limit of 100 invites');
    expect(REVIEW_INVITE_MSG.alreadyInvited).toBe('This email is already invited');
  });
  it('needs e-mails, or orders (or all orders) for new clients', () => {
    expect(ZReviewInvite.safeParse({ branch_id: 1, emails: ['a@x.test'] }).success).toBe(true);
    expect(ZReviewInvite.safeParse({ branch_id: 1, emails: [' '] }).error?.issues[0]?.message).toBe(
      REVIEW_INVITE_MSG.emailsRequired,
    );
    expect(ZReviewInvite.safeParse({ branch_id: 1, is_customers: 1 }).error?.issues[0]?.message).toBe(
      REVIEW_INVITE_MSG.ordersRequired,
    );
    expect(ZReviewInvite.safeParse({ branch_id: 1, is_customers: true, all_orders: '1' }).success).toBe(true);
    expect(ZReviewInvite.safeParse({ branch_id: '0x1', emails: ['a@x.test'] }).success).toBe(false);
  });
  it('the invited review needs a name, a star and a comment', () => {
    const r = ZInvitedReviewInput.safeParse({ name: ' ', star: 5, comment: 'Short' });
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual(
      ['Comment must be more than 10 characters', REVIEW_INVITE_MSG.nameRequired].sort(),
    );
  });
});

describe('POST reviews', () => {
  it('takes an order or a delivery, not both and not neither', () => {
    const c = 'A careful and quick crew.';
    expect(ZReviewCreate.safeParse({ order_id: 3, star: 5, comment: c }).success).toBe(true);
    expect(ZReviewCreate.safeParse({ delivery_id: '3', star: 5, comment: c }).success).toBe(true);
    expect(ZReviewCreate.safeParse({ star: 5, comment: c }).success).toBe(false);
    expect(ZReviewCreate.safeParse({ order_id: 3, delivery_id: 4, star: 5, comment: c }).success).toBe(false);
  });
});
