import { useDeliveryCounts } from '../../features/deliveries/api/list-helper-deliveries.ts';
import { CompanyDashboardPage } from '../../features/orders/pages/company-dashboard-page.tsx';
import { useActiveBranch } from '../../lib/active-branch.ts';

/**
 * The company dashboard: the orders feature's page, with the deliveries feature's count on its
 * Delivery tab ('Delivery - n': New plus Accepted for the active branch).
 */
export function CompanyDashboardRoute() {
  const { branchId } = useActiveBranch();
  const counts = useDeliveryCounts(branchId);
  return <CompanyDashboardPage deliveryCount={counts ? counts.new + counts.accepted : undefined} />;
}
