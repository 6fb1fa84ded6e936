import type { TOrder } from '@haulpro/shared/order-wire';
import { Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconClipboardList, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardTabs } from '../../../components/card-tabs.tsx';
import { EmptyOrders } from '../../../components/empty-orders.tsx';
import { OrderList } from '../../../components/order-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/auth-store.ts';
import { type TCustomerTab, useCustomerOrders } from '../api/list-customer-orders.ts';
import { CustomerJobLine } from '../components/customer-job-line.tsx';
import { useOrderActions } from '../components/use-order-actions.tsx';

/**
 * The customer's deliveries, composed in by the route (app/routes) from the deliveries side:
 * both tabs' counts, whether this tab has deliveries, the list with its pages, and its dialogs.
 */
export type TDashboardDeliveries = {
  counts: { active: number; archive: number } | undefined;
  isPending: boolean;
  isEmpty: boolean;
  list: ReactNode;
  modals: ReactNode;
};

type TCustomerDashboardPageProps = {
  /** The Start New Order button and slider: the booking feature's, composed in by the route (app/routes). */
  startNewOrder: { button: ReactNode; slider: ReactNode };
  /** The tab is the route's: the deliveries it composes in follow the same tab. */
  tab: TCustomerTab;
  onTabChange: (tab: TCustomerTab) => void;
  deliveries: TDashboardDeliveries;
};

/** The customer's live move-day line under a card (one function, so the memoised cards keep it). */
const jobLine = (order: TOrder) => <CustomerJobLine order={order} />;

const SECTION_IDS = { orders: 'moving-orders', deliveries: 'deliveries' } as const;

type TDashboardSectionProps = { id: string; title: string; count: number | undefined; children: ReactNode };

/** A titled part of a tab (Moving orders, Deliveries) with its count. */
function DashboardSection({ id, title, count, children }: TDashboardSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Stack
      component="section"
      gap="sm"
      id={id}
      aria-labelledby={headingId}
      data-testid={`dashboard-section-${id}`}
      style={{ scrollMarginTop: 80 }}
    >
      <Group gap="xs" align="center">
        <Title order={2} fz={{ base: 'lg', sm: 'xl' }} id={headingId}>
          {title}
        </Title>
        {count !== undefined ? (
          <Badge variant="light" color="gray" size="lg" radius="sm" data-testid={`${id}-count`}>
            {count}
          </Badge>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The customer's home (My Orders): Active and Archive tabs whose counts add moving orders and
 * deliveries, Invite a friend and Start New Order. Each tab shows a Moving orders and a
 * Deliveries section, hides a section that is empty while the other has cards, and shows the
 * one empty state when both are empty.
 */
export function CustomerDashboardPage({
  startNewOrder,
  tab,
  onTabChange,
  deliveries,
}: TCustomerDashboardPageProps) {
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(tab, page);
  const { onAction, busyId, modals } = useOrderActions('customer');
  const meta = orders.data?.meta;
  const lastPage = meta?.last_page ?? 1;
  const dCounts = deliveries.counts;

  const ordersCount = meta ? (tab === 'active' ? meta.active_count : meta.archive_count) : undefined;
  const deliveriesCount = dCounts?.[tab];
  const ordersEmpty = ordersCount === 0;
  const loading = orders.isPending || deliveries.isPending;
  const bothEmpty = ordersEmpty && deliveries.isEmpty;
  const showOrders = !ordersEmpty;
  const showDeliveries = !deliveries.isEmpty;

  function tabLabel(name: string, key: TCustomerTab) {
    if (!meta || !dCounts) return name;
    const total = (key === 'active' ? meta.active_count : meta.archive_count) + dCounts[key];
    return `${name} - ${total}`;
  }

  function changeTab(value: string | null) {
    onTabChange(value === 'archive' ? 'archive' : 'active');
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
          { value: 'active', label: tabLabel('Active', 'active'), icon: <IconClipboardList size={18} /> },
          { value: 'archive', label: tabLabel('Archive', 'archive'), icon: <IconArchive size={18} /> },
        ]}
        value={tab}
        onChange={changeTab}
      >
        {!loading && showOrders && showDeliveries ? (
          // Both kinds in one tab: a way to the second list without scrolling past the first.
          <Group gap="xs" px="md" py="xs" wrap="wrap" data-testid="dashboard-jump">
            <Text size="sm" c="dimmed">
              Jump to
            </Text>
            <Button component="a" href={`#${SECTION_IDS.orders}`} variant="light" size="compact-sm">
              Moving orders{ordersCount !== undefined ? ` · ${ordersCount}` : ''}
            </Button>
            <Button component="a" href={`#${SECTION_IDS.deliveries}`} variant="light" size="compact-sm">
              Deliveries{deliveriesCount !== undefined ? ` · ${deliveriesCount}` : ''}
            </Button>
          </Group>
        ) : null}
      </CardTabs>
      {loading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : bothEmpty ? (
        <EmptyOrders
          description={
            tab === 'active'
              ? 'Your moves and deliveries show up here once you book them.'
              : 'Finished and cancelled orders you archive are kept here.'
          }
        />
      ) : (
        <Stack gap="xl">
          {showOrders ? (
            <DashboardSection id={SECTION_IDS.orders} title="Moving orders" count={ordersCount}>
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
                  <Text size="sm" c="dimmed">
                    No moving orders here.
                  </Text>
                }
                page={Math.min(page, lastPage)}
                lastPage={lastPage}
                onPage={setPage}
                renderExtra={jobLine}
              />
            </DashboardSection>
          ) : null}
          {showDeliveries ? (
            <DashboardSection id={SECTION_IDS.deliveries} title="Deliveries" count={deliveriesCount}>
              {deliveries.list}
            </DashboardSection>
          ) : null}
        </Stack>
      )}
      {modals}
      {deliveries.modals}
    </>
  );
}
