import { PageHeader } from '../../../components/page-header.tsx';
import { PayoutAccountBanner } from '../../../components/payout-account/payout-account-banner.tsx';
import { PayoutsView } from '../../../components/payouts/payouts-view.tsx';

const GET_PAID = '/profile?tab=get-paid';

/** /payouts: the company's jobs (orders and deliveries) with what reaches the bank and when. */
export function PayoutsPage() {
  return (
    <>
      <PageHeader
        title="Payouts"
        description="What each finished job earned, Haulpro's fee, and when the money reaches your bank."
      />
      <PayoutAccountBanner to={GET_PAID} where="Profile → Get paid" />
      <PayoutsView accountLink={GET_PAID} />
    </>
  );
}
