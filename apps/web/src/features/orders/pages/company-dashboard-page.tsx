import { Group, Text } from '@mantine/core';
import { IconPackage, IconTruck } from '@tabler/icons-react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { BranchSelector } from '../../../components/branch-selector.tsx';
import { CardTabs } from '../../../components/card-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useActiveBranch } from '../../../lib/active-branch.ts';
import { useSession } from '../../../lib/auth-store.ts';
import { useOrderCounts } from '../api/get-order-counts.ts';
import { REVIEW_ORDER_PARAM } from '../components/use-review-order-param.ts';

type TCompanyDashboardPageProps = {
  /** New plus Accepted deliveries of the active branch (composed in by the route from the deliveries feature). */
  deliveryCount?: number;
};

/**
 * The company dashboard (spec: Company dashboard and orders): Delivery and Moving tabs, a
 * branch selector defaulting to All Branches (the shared active branch), and the active
 * tab's orders below. The Moving tab counts the active orders (orders/counts); the Delivery tab
 * shows the count it is given.
 */
export function CompanyDashboardPage({ deliveryCount }: TCompanyDashboardPageProps = {}) {
  const { company } = useSession();
  const { branch, branchId } = useActiveBranch();
  const counts = useOrderCounts(branchId);
  const activeCount = counts.data?.active_orders;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const tab = pathname.startsWith('/movings') ? 'movings' : 'deliveries';

  // ?review-order= selects the second tab, where the order's review modal opens (spec).
  if (tab === 'deliveries' && new URLSearchParams(search).has(REVIEW_ORDER_PARAM)) {
    return <Navigate to={`/movings${search}`} replace />;
  }

  return (
    <>
      <PageHeader
        title="Active Orders"
        description={company ? `Orders for ${company.name}` : 'Orders for your company'}
        actions={<BranchSelector />}
      />
      <CardTabs
        tabs={[
          {
            value: 'deliveries',
            label: deliveryCount === undefined ? 'Delivery' : `Delivery - ${deliveryCount}`,
            icon: <IconPackage size={18} />,
          },
          {
            value: 'movings',
            label: activeCount === undefined ? 'Moving' : `Moving - ${activeCount}`,
            icon: <IconTruck size={18} />,
          },
        ]}
        value={tab}
        onChange={(value) => value && navigate(`/${value}`)}
      >
        <Group px="lg" py="sm">
          <Text size="sm" c="dimmed" data-testid="active-branch-note">
            {branch ? `Showing ${branch.name}.` : 'Showing every branch of your company.'}
          </Text>
        </Group>
      </CardTabs>
      <Outlet />
    </>
  );
}
