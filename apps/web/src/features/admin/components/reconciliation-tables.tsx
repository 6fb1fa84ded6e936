import type { TDiscrepancy, TReconciliation } from '@haulpro/shared/payouts';
import { Alert, Box, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconScale } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../components/money.tsx';
import { dayjs } from '../../../lib/dayjs.ts';

type TSums = TReconciliation['totals'];
type TDay = TReconciliation['days'][number];

export const BOOKS_BALANCE = "Books balance: every job's charges equal transfers + refunds + platform fee.";

const DAY_COLUMNS = [
  ['charges', 'Charges'],
  ['tips', 'Tips'],
  ['transfers', 'Transfers'],
  ['reversals', 'Reversals'],
  ['refunds', 'Refunds'],
  ['platform_fees', 'Platform fees'],
] as const;

function Line({ label, amount, minus = false }: { label: string; amount: number; minus?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {minus && amount > 0 ? '− ' : ''}
        {formatMoney(amount)}
      </Text>
    </Group>
  );
}

function Total({ title, amount, children }: { title: string; amount: number; children?: ReactNode }) {
  return (
    <Card padding="lg">
      <Text size="sm" fw={600} c="dimmed">
        {title}
      </Text>
      <Text fz={{ base: 24, sm: 28 }} fw={800} lh={1.15} mt={4} mb="xs">
        {formatMoney(amount)}
      </Text>
      <Stack gap={2}>{children}</Stack>
    </Card>
  );
}

/** Money in (charges, tips), money out (transfers less reversals, refunds), and the platform's fees. */
export function ReconciliationTotals({ totals }: { totals: TSums }) {
  const paidOut = totals.transfers - totals.reversals;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="lg" data-testid="reconciliation-totals">
      <Total title="Money in" amount={totals.charges + totals.tips}>
        <Line label="Charges" amount={totals.charges} />
        <Line label="Tips" amount={totals.tips} />
      </Total>
      <Total title="Money out" amount={paidOut + totals.refunds}>
        <Line label="Transfers" amount={totals.transfers} />
        <Line label="Reversals" amount={totals.reversals} minus />
        <Line label="Refunds" amount={totals.refunds} />
      </Total>
      <Total title="Platform fees" amount={totals.platform_fees}>
        <Text size="xs" c="dimmed">
          Haulpro's share of the jobs in this range.
        </Text>
      </Total>
    </SimpleGrid>
  );
}

const moved = (d: TDay) => DAY_COLUMNS.some(([key]) => d[key] !== 0);
const dayLabel = (date: string) => dayjs(date).format('ddd, MMM D, YYYY');

/** One row per day that moved money (days without movements are left out). */
export function ReconciliationDays({ days }: { days: readonly TDay[] }) {
  const shown = days.filter(moved);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="reconciliation-no-days">
        No money moved in this range.
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={720} type="native" visibleFrom="md">
        <Table verticalSpacing={8} fz="sm" highlightOnHover data-testid="reconciliation-days">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              {DAY_COLUMNS.map(([key, label]) => (
                <Table.Th key={key} scope="col" ta="right">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((d) => (
              <Table.Tr key={d.date} data-date={d.date}>
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {dayLabel(d.date)}
                </Table.Th>
                {DAY_COLUMNS.map(([key]) => (
                  <Table.Td key={key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(d[key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Box hiddenFrom="md">
        <Stack gap="xs" data-testid="reconciliation-day-cards">
          {shown.map((d) => (
            <Card key={d.date} padding="sm" radius="md" withBorder>
              <Text size="sm" fw={600} mb={4}>
                {dayLabel(d.date)}
              </Text>
              {DAY_COLUMNS.filter(([key]) => d[key] !== 0).map(([key, label]) => (
                <Line key={key} label={label} amount={d[key]} />
              ))}
            </Card>
          ))}
        </Stack>
      </Box>
    </>
  );
}

const jobName = (d: TDiscrepancy) =>
  d.kind === 'order' ? `Order #${d.order_id ?? '?'}` : `Delivery #${d.delivery_id ?? '?'}`;

const AMOUNTS = [
  ['charges', 'Charges'],
  ['transfers', 'Transfers'],
  ['refunds', 'Refunds'],
  ['platform_fee', 'Platform fee'],
  ['owed', 'Owed'],
] as const;

/** The jobs whose charges are not transfers + refunds + platform fee + what is owed; or the all-clear. */
export function Discrepancies({ list }: { list: readonly TDiscrepancy[] }) {
  if (list.length === 0) {
    return (
      <Alert color="green" variant="light" icon={<IconScale size={20} />} data-testid="books-balance">
        {BOOKS_BALANCE}
      </Alert>
    );
  }
  return (
    <Card
      padding="lg"
      withBorder
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
      data-testid="discrepancies"
    >
      <Group gap="xs" mb="sm" wrap="nowrap" c="red.8">
        <IconAlertTriangle size={20} aria-hidden="true" />
        <Title order={3} fz="md">
          {list.length} {list.length === 1 ? 'job does' : 'jobs do'} not balance
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Each job's charges should equal its transfers, refunds, platform fee and what is still owed. Check
        these in Stripe's dashboard by the job's number.
      </Text>
      <Table.ScrollContainer minWidth={640} type="native" visibleFrom="md">
        <Table verticalSpacing={8} fz="sm" data-testid="discrepancies-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Job</Table.Th>
              {AMOUNTS.map(([key, label]) => (
                <Table.Th key={key} scope="col" ta="right">
                  {label}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                Difference
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((d) => (
              <Table.Tr key={`${d.kind}-${d.order_id ?? d.delivery_id}`} data-testid="discrepancy">
                <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {jobName(d)}
                </Table.Th>
                {AMOUNTS.map(([key]) => (
                  <Table.Td key={key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(d[key])}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={800} c="red.8" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(d.difference)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Box hiddenFrom="md">
        <Stack gap="xs">
          {list.map((d) => (
            <Card key={`${d.kind}-${d.order_id ?? d.delivery_id}`} padding="sm" radius="md" withBorder>
              <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                <Text size="sm" fw={600}>
                  {jobName(d)}
                </Text>
                <Text size="sm" fw={800} c="red.8">
                  Difference {formatMoney(d.difference)}
                </Text>
              </Group>
              {AMOUNTS.map(([key, label]) => (
                <Line key={key} label={label} amount={d[key]} />
              ))}
            </Card>
          ))}
        </Stack>
      </Box>
    </Card>
  );
}
