import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /invite-friends: referral code, links, invites, credit and coupons. */
export function InviteFriendsPage() {
  return <PageUnderConstruction title="Invite a friend" area="referrals and coupons" />;
}
