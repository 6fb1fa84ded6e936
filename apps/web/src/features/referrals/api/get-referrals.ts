import type { TReferralView } from '@haulpro/shared/referral';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { referralKeys } from './referral-keys.ts';

/** GET referrals: the code, the invited e-mails, the credit, the open coupon and the ledger. */
export function getReferrals() {
  return api.get<TReferralView>('referrals');
}

export function useReferrals() {
  return useQuery({ queryKey: referralKeys.all, queryFn: getReferrals });
}
