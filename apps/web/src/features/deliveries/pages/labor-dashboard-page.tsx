import { Button } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/auth-store.ts';
import { HelperDeliveries } from '../components/helper-deliveries.tsx';

/** /labor-dashboard (the labor menu's Orders): the helper dashboard of a labor user, and a way to the earnings. */
export function LaborDashboardPage() {
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title={`Welcome, ${user.first_name}!`}
        description="Bid on new deliveries near you and keep track of the jobs you've accepted."
        actions={
          <Button
            component={Link}
            to="/labor-earnings"
            variant="default"
            leftSection={<IconCoin size={18} />}
          >
            Earnings
          </Button>
        }
      />
      <HelperDeliveries viewer="labor" branchId={null} />
    </>
  );
}
