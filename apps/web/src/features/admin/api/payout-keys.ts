import type { TPayoutSubmissionStatus } from '@haulpro/shared/delivery-view';

/** The admin API's base (lib/api-client defaults to the dashboard's). */
export const ADMIN_BASE = '/api/admin';

/** Every payout query starts with these, so one invalidation refreshes all tabs and the count. */
export const payoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (status: TPayoutSubmissionStatus, page: number) =>
    ['admin', 'payouts', 'list', status, page] as const,
};
