import { useState } from 'react';
import { EmptyOrders } from '../../../components/empty-orders.tsx';
import { OrderList } from '../../../components/order-list.tsx';
import { useActiveBranch } from '../../../lib/active-branch.ts';
import { useCompanyOrders } from '../api/list-company-orders.ts';
import { useOrderActions } from '../components/use-order-actions.tsx';

/**
 * /movings: the company's active moving orders for the active branch (All Branches = company).
 * ?review-order={id} opens the review modal of that order.
 */
export function MovingsTabPage() {
  const { branchId } = useActiveBranch();
  const [page, setPage] = useState(1);
  const orders = useCompanyOrders({ branchId, filter: 'active', page });
  const { onAction, busyId, modals } = useOrderActions('company', { reviewOrderParam: true });
  const lastPage = orders.data?.meta.last_page ?? 1;

  return (
    <>
      <OrderList
        viewer="company"
        orders={orders.data?.data}
        isPending={orders.isPending}
        error={orders.error}
        onRetry={() => orders.refetch()}
        retrying={orders.isFetching}
        allBranches={branchId === null}
        busyId={busyId}
        onAction={onAction}
        empty={<EmptyOrders description="New moving requests for your company appear here." />}
        page={Math.min(page, lastPage)}
        lastPage={lastPage}
        onPage={setPage}
      />
      {modals}
    </>
  );
}
