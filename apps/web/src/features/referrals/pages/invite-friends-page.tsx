import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { UnderConstructionPanel } from '../../../components/under-construction-panel.tsx';
import { useRole } from '../../../lib/auth-store.ts';

/** /invite-friends: referral code, links, invites, credit and coupons; customers also see the new-order slider (spec). */
export function InviteFriendsPage({ startNewOrderSlider }: { startNewOrderSlider: ReactNode }) {
  const role = useRole();
  return (
    <>
      <PageHeader title="Invite a friend" />
      {role === 'customer' ? startNewOrderSlider : null}
      <UnderConstructionPanel area="referrals and coupons" />
    </>
  );
}
