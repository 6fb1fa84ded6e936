import { PageHeader } from '../../../components/page-header.tsx';
import { UnderConstructionPanel } from '../../../components/under-construction-panel.tsx';
import { useRole } from '../../../lib/auth-store.ts';
import { StartNewOrderSlider } from '../../booking/components/start-new-order.tsx';

/** /invite-friends: referral code, links, invites, credit and coupons; customers also see the new-order slider (spec). */
export function InviteFriendsPage() {
  const role = useRole();
  return (
    <>
      <PageHeader title="Invite a friend" />
      {role === 'customer' ? <StartNewOrderSlider /> : null}
      <UnderConstructionPanel area="referrals and coupons" />
    </>
  );
}
