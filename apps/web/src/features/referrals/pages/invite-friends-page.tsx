import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useRole, useSession } from '../../../lib/auth-store.ts';
import { useReferrals } from '../api/get-referrals.ts';
import { CreditCard } from '../components/credit-card.tsx';
import { CreditHistory } from '../components/credit-history.tsx';
import { GiftCouponCard } from '../components/gift-coupon-card.tsx';
import { InviteEmailsCard } from '../components/invite-emails-card.tsx';
import { ReferralCodeCard } from '../components/referral-code-card.tsx';

const COLS = { base: 1, md: 2 } as const;

/** /invite-friends: referral code, links, invites, credit and coupons; customers also see the new-order slider (spec). */
export function InviteFriendsPage({ startNewOrderSlider }: { startNewOrderSlider: ReactNode }) {
  const role = useRole();
  const session = useSession();
  const q = useReferrals();
  const header = (
    <PageHeader
      title="Invite a friend"
      description="Share your code, invite friends by email, and turn the credit you earn into coupons."
    />
  );

  if (q.isLoading) {
    return (
      <>
        {header}
        {role === 'customer' ? startNewOrderSlider : null}
        <SimpleGrid cols={COLS} spacing="lg" role="status" aria-label="Loading your referrals">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={220} radius="md" />
          ))}
        </SimpleGrid>
      </>
    );
  }
  if (q.isError || !q.data) {
    return (
      <>
        {header}
        {role === 'customer' ? startNewOrderSlider : null}
        <LoadError
          what="your referrals"
          error={q.error}
          onRetry={() => q.refetch()}
          retrying={q.isFetching}
        />
      </>
    );
  }

  const d = q.data;
  return (
    <>
      {header}
      {role === 'customer' ? startNewOrderSlider : null}
      <SimpleGrid cols={COLS} spacing="lg">
        <Stack gap="lg">
          <ReferralCodeCard code={d.referral_code} creditPerReferral={d.credit_per_referral} />
          <CreditCard
            pending={d.prices.pending}
            available={d.prices.available}
            coupon={d.coupon}
            amount={d.amount}
          />
          <GiftCouponCard available={d.prices.available} ownEmail={session.user.email} />
        </Stack>
        <Stack gap="lg">
          <InviteEmailsCard pending={d.emails.pending} approved={d.emails.approved} />
          <CreditHistory entries={d.history} />
        </Stack>
      </SimpleGrid>
    </>
  );
}
