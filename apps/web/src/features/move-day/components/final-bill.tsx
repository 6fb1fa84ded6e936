import { minutesText, type TBalanceStatus, type TJobBill } from '@haulpro/shared/move-day';
import { Alert, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../components/money.tsx';

function Line({
  label,
  amount,
  detail,
  strong,
}: {
  label: string;
  amount: number;
  detail?: ReactNode;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'}>
          {label}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : null}
      </div>
      <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amount)}
      </Text>
    </Group>
  );
}

/** The itemised final bill: booked, extra time, changes, discounts, fees, total, paid and balance. */
type TFinalBillProps = {
  bill: TJobBill;
  cash: boolean;
  /** Once signed: what became of the balance. */
  settled: TBalanceStatus | null;
};

const SETTLED: Partial<Record<TBalanceStatus, string>> = {
  charged: 'charged to the card saved at booking',
  cash: 'collected in cash',
  refund_pending: 'to be refunded to the card',
  refunded: 'refunded to the card',
  owed: 'still owed: the customer can pay it from their dashboard',
};

export function FinalBill({ bill, cash, settled }: TFinalBillProps) {
  const extraDetail =
    bill.extra_minutes === 0
      ? 'Within the booked time'
      : bill.extra_minutes > 0
        ? `${minutesText(bill.extra_minutes)} past the booked ${minutesText(bill.booked_minutes)} at ${formatMoney(bill.overtime_rate)}/h`
        : `${minutesText(-bill.extra_minutes)} short of the booked time (the minimum is ${minutesText(bill.minimum_minutes)})`;
  return (
    <Card withBorder radius="md" padding="md" data-testid="final-bill">
      <Stack gap="xs">
        <Text component="h2" fw={700} fz="lg">
          Final bill
        </Text>
        <Line
          label="Booked"
          amount={bill.booked}
          detail={`${minutesText(bill.booked_minutes)} at ${formatMoney(bill.hourly)}/h, with drive and extras`}
        />
        <Line label="Extra time" amount={bill.extra_time} detail={extraDetail} />
        <Line label="Changes on site" amount={bill.changes} />
        {bill.discounts !== 0 ? <Line label="Discounts" amount={-Math.abs(bill.discounts)} /> : null}
        <Line label="Fees" amount={bill.fees} />
        <Divider />
        <Line label="Total" amount={bill.total} strong />
        <Line label="Paid" amount={bill.paid} />
        <Line label={bill.balance < 0 ? 'To refund' : 'Balance'} amount={Math.abs(bill.balance)} strong />
        {settled && SETTLED[settled] ? (
          <Text size="sm" fw={600} data-testid="balance-settled">
            Balance of {formatMoney(Math.abs(bill.balance))} {SETTLED[settled]}.
          </Text>
        ) : cash && bill.balance > 0 ? (
          <Alert color="teal" variant="light" icon={<IconCash size={20} />} data-testid="collect-cash">
            <Text fw={700} c="dark.8">
              Collect {formatMoney(bill.balance)} in cash
            </Text>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
