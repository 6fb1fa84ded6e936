import { Table, Text } from '@mantine/core';
import { formatMoney } from '../../../components/money.tsx';
import { periodCellLabel, type TEarningsPeriod, type TPeriodKind } from '../lib/earnings-periods.ts';

type TEarningsPeriodsTableProps = { kind: TPeriodKind; periods: readonly TEarningsPeriod[] };

/** Every period with payouts, newest first, with the exact amounts the chart rounds. */
export function EarningsPeriodsTable({ kind, periods }: TEarningsPeriodsTableProps) {
  return (
    <Table verticalSpacing={8} horizontalSpacing={6} fz="sm" data-testid="earnings-periods">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{kind === 'week' ? 'Week of' : 'Month'}</Table.Th>
          <Table.Th scope="col" ta="right">
            Tips
          </Table.Th>
          <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
            Total payout
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {periods.map((p) => (
          <Table.Tr key={p.period} data-period={p.period}>
            <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {periodCellLabel(kind, p.period)}
              <Text size="xs" c="dimmed" fw={400}>
                {p.count} {p.count === 1 ? 'delivery' : 'deliveries'}
              </Text>
            </Table.Th>
            <Table.Td ta="right">{formatMoney(p.tips)}</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="period-total">
              {formatMoney(p.total_payout)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
