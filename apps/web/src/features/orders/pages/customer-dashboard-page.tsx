import { Button } from '@mantine/core';
import { IconArchive, IconClipboardList, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { CardTabs } from '../../../components/card-tabs.tsx';
import { EmptyOrders } from '../../../components/empty-orders.tsx';
import { OrderList } from '../../../components/order-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/auth-store.ts';
import { type TCustomerTab, useCustomerOrders } from '../api/list-customer-orders.ts';
import { useOrderActions } from '../components/use-order-actions.tsx';

type TCustomerDashboardPageProps = {
  /** The Start New Order button and slider: the booking feature's, composed in by the route (app/routes). */
  startNewOrder: { button: ReactNode; slider: ReactNode };
};

/** The customer's home (My Orders): Active and Archive tabs with counts, Invite a friend and Start New Order. */
export function CustomerDashboardPage({ startNewOrder }: TCustomerDashboardPageProps) {
  const { user } = useSession();
  const [tab, setTab] = useState<TCustomerTab>('active');
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(tab, page);
  const { onAction, busyId, modals } = useOrderActions('customer');
  const meta = orders.data?.meta;
  const lastPage = meta?.last_page ?? 1;

  function changeTab(value: string | null) {
    setTab(value === 'archive' ? 'archive' : 'active');
    setPage(1);
  }

  return (
    <>
      <PageHeader
        title={`Welcome, ${user.first_name}!`}
        description="Follow your moves and deliveries, and start a new one whenever you're ready."
        actions={
          <>
            <Button
              component={Link}
              to="/invite-friends"
              variant="default"
              leftSection={<IconUserPlus size={18} />}
            >
              Invite a friend
            </Button>
            {startNewOrder.button}
          </>
        }
      />
      {startNewOrder.slider}
      <CardTabs
        tabs={[
          {
            value: 'active',
            label: meta ? `Active - ${meta.active_count}` : 'Active',
            icon: <IconClipboardList size={18} />,
          },
          {
            value: 'archive',
            label: meta ? `Archive - ${meta.archive_count}` : 'Archive',
            icon: <IconArchive size={18} />,
          },
        ]}
        value={tab}
        onChange={changeTab}
      />
      <OrderList
        viewer="customer"
        orders={orders.data?.data}
        isPending={orders.isPending}
        error={orders.error}
        onRetry={() => orders.refetch()}
        retrying={orders.isFetching}
        busyId={busyId}
        onAction={onAction}
        empty={
          <EmptyOrders
            description={
              tab === 'active'
                ? 'Your moves and deliveries show up here once you book them.'
                : 'Finished and cancelled orders you archive are kept here.'
            }
          />
        }
        page={Math.min(page, lastPage)}
        lastPage={lastPage}
        onPage={setPage}
      />
      {modals}
    </>
  );
}
