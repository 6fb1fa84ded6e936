import type { TOrder } from '@haulpro/shared/order-wire';
import { Center, Loader, Pagination, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';
import { OrderCard, type TOrderCardAction, type TOrderViewer } from './order-card.tsx';

type TOrderListProps = {
  viewer: TOrderViewer;
  orders: TOrder[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  retrying?: boolean;
  allBranches?: boolean;
  busyId: number | null;
  onAction: (action: TOrderCardAction, order: TOrder) => void;
  /** Shown when the list is empty. */
  empty: ReactNode;
  page?: number;
  lastPage?: number;
  onPage?: (page: number) => void;
  /** A line of the side's own under each card's header (OrderCard's `renderExtra`; keep it the same function). */
  renderExtra?: (order: TOrder) => ReactNode;
};

/** A list of order cards with its loading, error and empty states and pages. */
export function OrderList({
  viewer,
  orders,
  isPending,
  error,
  onRetry,
  retrying,
  allBranches,
  busyId,
  onAction,
  empty,
  page = 1,
  lastPage = 1,
  onPage,
  renderExtra,
}: TOrderListProps) {
  if (isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (error && !orders)
    return <LoadError what="the orders" error={error} onRetry={onRetry} retrying={retrying} />;
  if (!orders || orders.length === 0) return <>{empty}</>;
  return (
    <Stack gap="md" data-testid="order-list">
      {orders.map((order) => (
        <OrderCard
          key={order.id}
          order={order}
          viewer={viewer}
          allBranches={allBranches}
          onAction={onAction}
          busy={busyId === order.id}
          renderExtra={renderExtra}
        />
      ))}
      {lastPage > 1 && onPage ? (
        <Center>
          <Pagination value={page} total={lastPage} onChange={onPage} size="sm" />
        </Center>
      ) : null}
    </Stack>
  );
}
