import type { TOrderFilter } from '@haulpro/shared/order';
import { Card, Center, Group, Loader, Pagination, Select, Tabs, Text } from '@mantine/core';
import { IconPackage, IconTruck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BranchSelector } from '../../../components/branch-selector.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useActiveBranch } from '../../../lib/active-branch.ts';
import { useCompanyOrders } from '../api/list-company-orders.ts';
import { OrdersOverview } from '../components/orders-overview.tsx';
import { OrdersTable } from '../components/orders-table.tsx';
import { useOrderActions } from '../components/use-order-actions.tsx';

const FILTERS: { value: TOrderFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'new', label: 'New' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'being_rescheduled', label: 'Being Rescheduled' },
  { value: 'being_completed', label: 'Being Completed' },
  { value: 'completed', label: 'Completed' },
  { value: 'completed_and_accepted', label: 'Accepted and completed' },
  { value: 'waiting_for_payment', label: 'Waiting For Payment' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'rejected', label: 'Rejected' },
];

type TOrderHistoryPageProps = {
  /** The Delivery tab's content for the active branch: the deliveries feature's history, composed in by the route. */
  deliveries: (branchId: number | null) => ReactNode;
};

/** /orders: Moving and Delivery tabs, the branch selector, the overview card and the orders table. */
export function OrderHistoryPage({ deliveries }: TOrderHistoryPageProps) {
  const { branchId } = useActiveBranch();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'delivery' ? 'delivery' : 'moving';
  const [filter, setFilter] = useState<TOrderFilter>('all');
  const [page, setPage] = useState(1);
  const orders = useCompanyOrders({ branchId, filter, page, orderBy: 'arrival_date', desc: true });
  const { openDetail, modals } = useOrderActions('company');
  const lastPage = orders.data?.meta.last_page ?? 1;

  function changeTab(value: string | null) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', value === 'delivery' ? 'delivery' : 'moving');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageHeader
        title="Order History"
        description="Every order of your company, past and upcoming."
        actions={<BranchSelector />}
      />
      <Card padding={0} mb="lg">
        <Tabs value={tab} onChange={changeTab}>
          <Tabs.List px={{ base: 0, sm: 'md' }} pt="xs">
            <Tabs.Tab value="moving" leftSection={<IconTruck size={18} />} py="md">
              Moving
            </Tabs.Tab>
            <Tabs.Tab value="delivery" leftSection={<IconPackage size={18} />} py="md">
              Delivery
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      </Card>
      {tab === 'delivery' ? (
        deliveries(branchId)
      ) : (
        <>
          <OrdersOverview branchId={branchId} />
          <Card withBorder padding="md">
            <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
              <Text fw={700}>Orders{orders.data ? ` (${orders.data.meta.total})` : ''}</Text>
              <Select
                aria-label="Status"
                data={FILTERS}
                value={filter}
                onChange={(value) => {
                  setFilter((value as TOrderFilter | null) ?? 'all');
                  setPage(1);
                }}
                allowDeselect={false}
                w={220}
                maw="100%"
                size="sm"
                data-testid="orders-status-filter"
              />
            </Group>
            {orders.isPending ? (
              <Center py="xl">
                <Loader />
              </Center>
            ) : orders.isError && !orders.data ? (
              <LoadError what="the orders" error={orders.error} onRetry={() => orders.refetch()} />
            ) : orders.data.data.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No orders match this filter.
              </Text>
            ) : (
              <OrdersTable orders={orders.data.data} onOpen={openDetail} />
            )}
            {lastPage > 1 ? (
              <Center mt="md">
                <Pagination value={Math.min(page, lastPage)} total={lastPage} onChange={setPage} size="sm" />
              </Center>
            ) : null}
          </Card>
        </>
      )}
      {modals}
    </>
  );
}
