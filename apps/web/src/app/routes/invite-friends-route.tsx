import { StartNewOrderSlider } from '../../features/booking/components/start-new-order.tsx';
import { InviteFriendsPage } from '../../features/referrals/pages/invite-friends-page.tsx';

/** /invite-friends: the referrals page, with the booking feature's new-order slider for customers. */
export function InviteFriendsRoute() {
  return <InviteFriendsPage startNewOrderSlider={<StartNewOrderSlider />} />;
}
