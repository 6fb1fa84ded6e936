import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Table, Text } from '@mantine/core';

type TDeliveryItemsTableProps = { items: TDeliveryView['items'] };

const ft = (n: number) => `${n} ft`;

/**
 * The delivery's items (spec: Item: name, quantity, weight in lbs, height, width and length in
 * ft). Both sides' details modals and the signature letter show the same table; on a phone it
 * scrolls sideways inside its own box rather than widening the page.
 */
export function DeliveryItemsTable({ items }: TDeliveryItemsTableProps) {
  if (items.length === 0) return <Text size="sm">No items listed.</Text>;
  return (
    // A box that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
    <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label="Items">
      <Table striped withTableBorder verticalSpacing={6} fz="sm" data-testid="delivery-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item</Table.Th>
            <Table.Th scope="col">Quantity</Table.Th>
            <Table.Th scope="col">Weight</Table.Th>
            <Table.Th scope="col">Height</Table.Th>
            <Table.Th scope="col">Width</Table.Th>
            <Table.Th scope="col">Length</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, i) => (
            // Items have no id of their own: the list is fixed once booked, so the index is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={i}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.name}</Table.Td>
              <Table.Td>{item.count}</Table.Td>
              <Table.Td>{item.weight} lbs</Table.Td>
              <Table.Td>{ft(item.height)}</Table.Td>
              <Table.Td>{ft(item.width)}</Table.Td>
              <Table.Td>{ft(item.length)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
