import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Card, Center, Group, Loader, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { DeliveryStatusBadge } from '../../../components/delivery/delivery-status-badge.tsx';
import { EmptyOrders } from '../../../components/empty-orders.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Money } from '../../../components/money.tsx';
import { useSession } from '../../../lib/auth-store.ts';
import { useDeliveryHistory } from '../api/list-helper-deliveries.ts';
import { formatDeliveryDate, showUpWindow } from '../lib/delivery-format.ts';
import { useDeliveryActions } from './use-delivery-actions.tsx';

type TDeliveryHistoryProps = {
  /** The active branch (null: All branches). */
  branchId: number | null;
};

/**
 * Order History's Delivery tab: every delivery the company (or the branch) accepted, whatever
 * became of it, archived ones included, newest day first, 15 a page. A row opens the details
 * modal, where the flags still offer what is left to do (cancel before the day).
 */
export function DeliveryHistory({ branchId }: TDeliveryHistoryProps) {
  const [page, setPage] = useState(1);
  const history = useDeliveryHistory(branchId, page);
  const { onAction, modals } = useDeliveryActions({
    viewer: 'company',
    allBranches: branchId === null,
    branchView: branchId !== null,
  });
  const { branches } = useSession();
  // The branch that took it, by the session's branch list (the acceptor's name is the company's).
  const branchOf = (d: TDeliveryView) =>
    branches.find((b) => b.id === d.acceptor?.branch_id)?.name ?? d.acceptor?.name ?? '—';
  const rows = history.data?.data ?? [];
  const lastPage = history.data?.meta.last_page ?? 1;
  const open = (d: TDeliveryView) => onAction('details', d, true);

  if (history.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading deliveries" />
      </Center>
    );
  }
  if (history.isError) {
    return (
      <LoadError
        what="your deliveries"
        error={history.error}
        onRetry={() => history.refetch()}
        retrying={history.isFetching}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyOrders
        title="No deliveries yet"
        description="Deliveries your company accepts are kept here, with what became of each one. Find new ones on the Delivery tab of Active Orders."
      />
    );
  }
  return (
    <Card withBorder padding="md" data-testid="delivery-history">
      <Text fw={700} mb="sm">
        Deliveries ({history.data.meta.total})
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Delivery</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Branch</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Total Payout</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr
                key={d.id}
                data-testid="delivery-history-row"
                data-delivery-id={d.id}
                data-items={d.items_name}
              >
                <Table.Td maw={280}>
                  <UnstyledButton onClick={() => open(d)} aria-label={`Open delivery #${d.id}`}>
                    <Text size="sm" fw={600} c="blue.8">
                      #{d.id}
                    </Text>
                  </UnstyledButton>
                  <Text size="xs" c="dimmed" lineClamp={1} title={d.items_name}>
                    {d.items_name}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDeliveryDate(d.arrival_date)}</Text>
                  <Text size="xs" c="dimmed">
                    {showUpWindow(d.show_up_time)}
                  </Text>
                </Table.Td>
                <Table.Td>{d.customer.name}</Table.Td>
                <Table.Td>{branchOf(d)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <DeliveryStatusBadge delivery={d} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Money amount={d.invoice.total_payout} fw={600} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lastPage > 1 ? (
        <Group justify="center" mt="md">
          <Pagination total={lastPage} value={Math.min(page, lastPage)} onChange={setPage} size="sm" />
        </Group>
      ) : null}
      {modals}
    </Card>
  );
}
