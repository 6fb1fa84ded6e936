import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Center, Loader, Pagination, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import type { TCustomerDeliveryTab } from '../api/customer-delivery-keys.ts';
import { useCustomerDeliveries } from '../api/list-customer-deliveries.ts';
import { CustomerDeliveryCard } from './customer-delivery-card.tsx';
import type { TCustomerDeliveryAction } from './delivery-actions.tsx';
import { useCustomerDeliveryActions } from './use-customer-delivery-actions.tsx';

type TCustomerDeliveryListProps = {
  deliveries: TDeliveryView[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
  busyId: number | null;
  onAction: (action: TCustomerDeliveryAction, delivery: TDeliveryView) => void;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
};

/** The cards of one tab with their loading, error and empty states and pages. */
function CustomerDeliveryList({
  deliveries,
  isPending,
  error,
  onRetry,
  retrying,
  busyId,
  onAction,
  page,
  lastPage,
  onPage,
}: TCustomerDeliveryListProps) {
  if (isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (error && !deliveries)
    return <LoadError what="your deliveries" error={error} onRetry={onRetry} retrying={retrying} />;
  if (!deliveries || deliveries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No deliveries here.
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="delivery-list">
      {deliveries.map((d) => (
        <CustomerDeliveryCard key={d.id} delivery={d} onAction={onAction} busy={busyId === d.id} />
      ))}
      {lastPage > 1 ? (
        <Center>
          <Pagination
            value={page}
            total={lastPage}
            onChange={onPage}
            size="sm"
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': 'Previous page of deliveries' }
                : control === 'next'
                  ? { 'aria-label': 'Next page of deliveries' }
                  : {}
            }
            data-testid="delivery-pagination"
          />
        </Center>
      ) : null}
    </Stack>
  );
}

/**
 * The customer's deliveries as the dashboard composes them beside the moving orders: both tabs'
 * counts (to add to the orders'), whether this tab has deliveries, the list with its pages, and the
 * dialogs. The dashboard page lives in the orders feature; app/routes hands this to it.
 */
export type TCustomerDeliveriesSlot = {
  counts: { active: number; archive: number } | undefined;
  isPending: boolean;
  isEmpty: boolean;
  list: ReactNode;
  modals: ReactNode;
};

export function useCustomerDeliveriesSlot(tab: TCustomerDeliveryTab): TCustomerDeliveriesSlot {
  // Each tab starts on its first page.
  const [at, setAt] = useState({ tab, page: 1 });
  const page = at.tab === tab ? at.page : 1;
  const query = useCustomerDeliveries(tab, page);
  const { onAction, busyId, modals } = useCustomerDeliveryActions();
  const meta = query.data?.meta;
  const lastPage = meta?.last_page ?? 1;
  const shown = query.isPlaceholderData ? undefined : query.data;

  // Archiving the last card of the last page leaves that page empty: step back to the new last one.
  useEffect(() => {
    if (shown && shown.data.length === 0 && page > 1) setAt({ tab, page: Math.max(1, shown.meta.last_page) });
  }, [shown, page, tab]);

  const counts = meta ? { active: meta.active_count, archive: meta.archive_count } : undefined;
  return {
    counts,
    isPending: query.isPending,
    isEmpty: counts ? counts[tab] === 0 : false,
    list: (
      <CustomerDeliveryList
        deliveries={query.data?.data}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
        busyId={busyId}
        onAction={onAction}
        page={Math.min(page, lastPage)}
        lastPage={lastPage}
        onPage={(p) => setAt({ tab, page: p })}
      />
    ),
    modals,
  };
}
