import { useActiveBranch } from '../../../lib/active-branch.ts';
import { HelperDeliveries } from '../components/helper-deliveries.tsx';

/**
 * /deliveries: the company dashboard's Delivery tab, the helper dashboard for the active branch
 * (All branches when none is chosen). It sits under the dashboard's header and branch selector.
 */
export function CompanyDeliveriesTabPage() {
  const { branch, branchId, select } = useActiveBranch();
  return (
    <HelperDeliveries
      viewer="company"
      branchId={branchId}
      branchName={branch?.name}
      onAllBranches={() => select(null)}
    />
  );
}
