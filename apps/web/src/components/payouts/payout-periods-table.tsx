import type { TPayoutPeriod } from '@haulpro/shared/payouts';
import { Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '../money.tsx';
import { periodCellLabel, type TPeriodKind } from './payout-periods.ts';

type TPayoutPeriodsTableProps = { kind: TPeriodKind; periods: readonly TPayoutPeriod[] };

const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

const COLUMNS = [
  ['gross', 'Gross'],
  ['platform_fee', 'Fee'],
  ['tips', 'Tips'],
  ['cancellation_fees', 'Cancellations'],
] as const;

/** Every period with jobs, newest first, with the exact amounts the chart rounds. */
export function PayoutPeriodsTable({ kind, periods }: TPayoutPeriodsTableProps) {
  return (
    <>
      <Table.ScrollContainer minWidth={560} type="native" visibleFrom="sm">
        <Table verticalSpacing={8} horizontalSpacing={8} fz="sm" data-testid="payout-periods">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{kind === 'week' ? 'Week of' : 'Month'}</Table.Th>
              <Table.Th scope="col" ta="right">
                Jobs
              </Table.Th>
              {COLUMNS.map(([key, label]) => (
                <Table.Th key={key} scope="col" ta="right">
                  {label}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                Net
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.map((p) => (
              <Table.Tr key={p.period} data-period={p.period}>
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {periodCellLabel(kind, p.period)}
                </Table.Th>
                <Table.Td ta="right">{p.count}</Table.Td>
                {COLUMNS.map(([key]) => (
                  <Table.Td key={key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {key === 'platform_fee' && p[key] > 0 ? '− ' : ''}
                    {formatMoney(p[key])}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={700} data-testid="period-net">
                  {formatMoney(p.net)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Box hiddenFrom="sm">
        <Stack gap="xs" data-testid="payout-periods-cards">
          {periods.map((p) => (
            <Card key={p.period} padding="sm" radius="md" withBorder data-period={p.period}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <div>
                  <Text size="sm" fw={600}>
                    {periodCellLabel(kind, p.period)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {jobs(p.count)} · {formatMoney(p.gross)} gross
                  </Text>
                </div>
                <Text fw={800} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(p.net)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                Fee − {formatMoney(p.platform_fee)} · Tips {formatMoney(p.tips)} · Cancellations{' '}
                {formatMoney(p.cancellation_fees)}
              </Text>
            </Card>
          ))}
        </Stack>
      </Box>
    </>
  );
}
