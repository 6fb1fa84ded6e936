import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PayoutAccountBanner } from '../../../components/payout-account/payout-account-banner.tsx';
import { PayoutsView } from '../../../components/payouts/payouts-view.tsx';

const PAYOUTS_SETTINGS = '/labor-settings?tab=payouts';

/** /labor-earnings: the helper's deliveries with what reaches the bank and when, by week and month. */
export function LaborEarningsPage() {
  return (
    <>
      <PageHeader
        title="Earnings"
        description="What each finished delivery earned, Haulpro's fee, and when the money reaches your bank."
      />
      <PayoutAccountBanner to={PAYOUTS_SETTINGS} where="Settings → Payouts" />
      <PayoutsView
        accountLink={PAYOUTS_SETTINGS}
        emptyAction={
          <Button component={Link} to="/labor-dashboard" mt="md">
            Find deliveries
          </Button>
        }
      />
    </>
  );
}
