import type { TEarningsView } from '@haulpro/shared/delivery-view';
import { Badge, Box, Card, Divider, Group, Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '../../../components/money.tsx';
import { dayjs } from '../../../lib/dayjs.ts';

type TRecord = TEarningsView['data'][number];

const STATUS: Record<string, { label: string; color: string }> = {
  pending_settlement: { label: 'Pending settlement', color: 'orange' },
  settled: { label: 'Settled', color: 'green' },
};

const day = (date: string) => dayjs(date).format('MMM D, YYYY');

function StatusBadge({ status }: { status: TRecord['status'] }) {
  const s = STATUS[status] ?? { label: status, color: 'gray' };
  return (
    <Badge
      color={s.color}
      variant="light"
      radius="sm"
      style={{ textTransform: 'none' }}
      data-testid="record-status"
    >
      {s.label}
    </Badge>
  );
}

/** Desktop: one row per payout record with the invoice's numbers side by side. */
function RecordsTable({ records }: { records: readonly TRecord[] }) {
  return (
    <Table verticalSpacing="sm" fz="sm" highlightOnHover data-testid="payout-records-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Delivery</Table.Th>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col" ta="right">
            Base Price
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Processing Fee
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Tip
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Total Payout
          </Table.Th>
          <Table.Th scope="col">Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((r) => (
          <Table.Tr key={r.id} data-testid="payout-record" data-delivery-id={r.delivery_id}>
            <Table.Td>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {r.items_name}
              </Text>
              <Text size="xs" c="dimmed">
                Delivery #{r.delivery_id}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{day(r.arrival_date)}</Text>
              <Text size="xs" c="dimmed">
                Confirmed {day(r.created_at)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{formatMoney(r.base_price)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              − {formatMoney(r.processing_fee)}
            </Table.Td>
            <Table.Td ta="right">{formatMoney(r.tip)}</Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatMoney(r.total_payout)}
            </Table.Td>
            <Table.Td>
              <StatusBadge status={r.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}

/** Phones: the same records as stacked cards, so nothing scrolls sideways. */
function RecordCards({ records }: { records: readonly TRecord[] }) {
  return (
    <Stack gap="sm" data-testid="payout-records-cards">
      {records.map((r) => (
        <Card
          key={r.id}
          padding="md"
          radius="md"
          data-testid="payout-record-card"
          data-delivery-id={r.delivery_id}
        >
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.items_name}
              </Text>
              <Text size="xs" c="dimmed">
                Delivery #{r.delivery_id} · {day(r.arrival_date)}
              </Text>
            </div>
            <Text fw={800} size="lg" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(r.total_payout)}
            </Text>
          </Group>
          <Stack gap={2} mt="sm">
            <Line label="Base Price" value={formatMoney(r.base_price)} />
            <Line label="Processing Fee" value={`− ${formatMoney(r.processing_fee)}`} />
            <Line label="Tip" value={formatMoney(r.tip)} />
          </Stack>
          <Divider my="xs" />
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              Confirmed {day(r.created_at)}
            </Text>
            <StatusBadge status={r.status} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The payout records, newest first: a table on wide screens, cards on phones and tablets. */
export function PayoutRecords({ records }: { records: readonly TRecord[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={720} type="native" visibleFrom="md">
        <RecordsTable records={records} />
      </Table.ScrollContainer>
      <Box hiddenFrom="md">
        <RecordCards records={records} />
      </Box>
    </>
  );
}
