import { Alert, Button, Card, Center, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconCircleCheck, IconGavel, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { CardTabs } from '../../../components/card-tabs.tsx';
import { EmptyOrders } from '../../../components/empty-orders.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import type { TDeliveryTab } from '../api/delivery-keys.ts';
import { useDeliveryCounts, useHelperDeliveries } from '../api/list-helper-deliveries.ts';
import { DeliveryCard, type THelperViewer } from './delivery-card.tsx';
import { useDeliveryActions } from './use-delivery-actions.tsx';

type THelperDeliveriesProps = {
  viewer: THelperViewer;
  /** A company's active branch (a branch-level view), or null: All branches, or a labor user. */
  branchId: number | null;
  /** The active branch's name, for the branch-level note. */
  branchName?: string;
  /** Switches a company to All branches (from the branch-level note). */
  onAllBranches?: () => void;
};

function CardsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading deliveries">
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder padding="md">
          <Stack gap="sm">
            <Skeleton h={20} w="45%" />
            <Skeleton h={14} w="25%" />
            <Skeleton h={64} />
            <Skeleton h={28} w="60%" ml="auto" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The helper dashboard (spec: Helper (delivery) dashboard), shared by a labor user's
 * /labor-dashboard and the company dashboard's Delivery tab: 'New bidding - n' and 'Accepted - n',
 * fifteen cards a page, the details, cancel and Get Paid modals, and the spec's empty state when
 * both lists are empty. A company's branch-level view says plainly that it cannot accept.
 */
export function HelperDeliveries({ viewer, branchId, branchName, onAllBranches }: THelperDeliveriesProps) {
  const [tab, setTab] = useState<TDeliveryTab>('new');
  // The page belongs to a tab and a branch: switching either starts again at page 1.
  const [paging, setPaging] = useState({ key: `${tab}:${branchId}`, page: 1 });
  const key = `${tab}:${branchId}`;
  const page = paging.key === key ? paging.page : 1;
  const list = useHelperDeliveries(tab, branchId, page);
  const counts = useDeliveryCounts(branchId);
  const branchView = viewer === 'company' && branchId !== null;
  const allBranches = viewer === 'company' && branchId === null;
  const { onAction, busyId, modals } = useDeliveryActions({ viewer, allBranches, branchView });
  const lastPage = Math.max(1, list.data?.meta.last_page ?? 1);

  // An accept or a reject can empty the last page: step back to the new last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > lastPage) setPaging({ key, page: lastPage });
  }, [list.data, list.isPlaceholderData, page, lastPage, key]);

  const bothEmpty = counts !== undefined && counts.new === 0 && counts.accepted === 0;
  const deliveries = list.data?.data;

  let body: ReactNode;
  if (list.isPending) body = <CardsSkeleton />;
  else if (list.isError && !list.data)
    body = (
      <LoadError
        what="the deliveries"
        error={list.error}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (bothEmpty)
    body = (
      <EmptyOrders
        description={
          viewer === 'company'
            ? "New deliveries in your branches' service areas show up here as soon as customers book them."
            : 'New deliveries near you show up here as soon as customers book them.'
        }
      />
    );
  else if (!deliveries || deliveries.length === 0)
    body = (
      <Card withBorder padding="xl" data-testid="deliveries-tab-empty">
        <Stack gap={4} align="center" ta="center">
          <Text fw={600}>{tab === 'new' ? 'No new biddings right now' : 'No accepted deliveries yet'}</Text>
          <Text size="sm" c="dimmed">
            {tab === 'new'
              ? 'New deliveries show up here as soon as customers book them.'
              : 'Deliveries you accept show up here until you remove them.'}
          </Text>
        </Stack>
      </Card>
    );
  else
    body = (
      <Stack gap="md" data-testid="delivery-list">
        {deliveries.map((d) => (
          <DeliveryCard
            key={d.id}
            delivery={d}
            viewer={viewer}
            held={tab === 'accepted'}
            allBranches={allBranches}
            busy={busyId === d.id}
            onAction={(action, delivery) => onAction(action, delivery, tab === 'accepted')}
          />
        ))}
        {lastPage > 1 ? (
          <Center>
            <Pagination
              value={Math.min(page, lastPage)}
              total={lastPage}
              onChange={(p) => setPaging({ key, page: p })}
              size="sm"
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
              })}
            />
          </Center>
        ) : null}
      </Stack>
    );

  return (
    <>
      <CardTabs
        tabs={[
          {
            value: 'new',
            label: counts ? `New bidding - ${counts.new}` : 'New bidding',
            icon: <IconGavel size={18} />,
          },
          {
            value: 'accepted',
            label: counts ? `Accepted - ${counts.accepted}` : 'Accepted',
            icon: <IconCircleCheck size={18} />,
          },
        ]}
        value={tab}
        onChange={(value) => setTab(value === 'accepted' ? 'accepted' : 'new')}
      />
      {branchView && tab === 'new' ? (
        <Alert
          color="blue"
          variant="light"
          mb="md"
          icon={<IconInfoCircle size={20} />}
          title="A branch-level view cannot accept new biddings"
          data-testid="branch-view-note"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {branchName ? `These are the deliveries offered to ${branchName}. ` : ''}To accept one, switch
              to All branches: it is assigned to your branch nearest to the pickup.
            </Text>
            {onAllBranches ? (
              <Button
                size="xs"
                variant="filled"
                leftSection={<IconBuildingStore size={14} />}
                onClick={onAllBranches}
              >
                Switch to All branches
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {body}
      {modals}
    </>
  );
}
