import { showUpLabel, type TOrder } from '@haulpro/shared/order-wire';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { Money } from '../../../components/money.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { dayjs } from '../../../lib/dayjs.ts';

type TOrdersTableProps = { orders: TOrder[]; onOpen: (id: number) => void };

/** The orders table: each row opens the order's detail modal. */
export function OrdersTable({ orders, onOpen }: TOrdersTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        highlightOnHover
        verticalSpacing="sm"
        style={{ whiteSpace: 'nowrap' }}
        data-testid="orders-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Moving date</Table.Th>
            <Table.Th>Arrival</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Branch</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.id} data-testid="orders-row" data-order-id={o.id}>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(o.id)} aria-label={`Open order #${o.id}`}>
                  <Text size="sm" fw={600} c="blue.8">
                    #{o.id}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{dayjs(o.arrival_date).format('MMM D, YYYY')}</Table.Td>
              <Table.Td>{showUpLabel(o.arrival_time).replace('Arrival between ', '')}</Table.Td>
              <Table.Td>{o.name}</Table.Td>
              <Table.Td>{o.branch_name}</Table.Td>
              <Table.Td>
                <StatusBadge statusId={o.status_id} label={o.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Money amount={o.order_price} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
