import type { TReferralView } from '@haulpro/shared/referral';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { referralKeys } from './referral-keys.ts';

/** POST referrals: e-mails each address an invitation; answers the page's fresh data. */
export function inviteEmails(emails: string[]) {
  return api.post<TReferralView>('referrals', { emails }, { errorToast: false });
}

export function useInviteEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteEmails,
    onSuccess: (data) => queryClient.setQueryData(referralKeys.all, data),
  });
}
