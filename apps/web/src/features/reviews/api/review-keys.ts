import type { TReviewTab, TReviewType } from '@haulpro/shared/review-page';
import type { TRole } from '@haulpro/shared/user';

/** Customers call customer/reviews...; staff and helpers call reviews... (spec). */
export function reviewBase(role: TRole | null): string {
  return role === 'customer' ? 'customer/reviews' : 'reviews';
}

export type TReviewListArgs = {
  type: TReviewType;
  tab: TReviewTab;
  page: number;
  perPage: number;
  /** Staff: the active branch, or null for All Branches. */
  branchId: number | null;
};

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (role: TRole | null, a: TReviewListArgs) =>
    ['reviews', 'list', role, a.type, a.tab, a.page, a.perPage, a.branchId] as const,
  inviters: ['reviews', 'inviters'] as const,
  invitations: (branchId: number, status: 'pending' | 'available') =>
    ['reviews', 'invitations', branchId, status] as const,
  publicInvitation: (token: string) => ['review-invitation', token] as const,
};
