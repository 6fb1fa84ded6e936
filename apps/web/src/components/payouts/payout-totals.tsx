import type { TPayoutsView } from '@haulpro/shared/payouts';
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingBank,
  IconCalendarX,
  IconCash,
  IconClockDollar,
  IconHeartHandshake,
  IconReceipt,
  IconReceiptTax,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../money.tsx';

type TStatProps = {
  label: string;
  amount: number;
  hint: string;
  icon: ReactNode;
  color: string;
  testId: string;
};

function Stat({ label, amount, hint, icon, color, testId }: TStatProps) {
  return (
    <Card padding="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} radius="md" size="lg" aria-hidden="true" visibleFrom="sm">
          {icon}
        </ThemeIcon>
      </Group>
      <Text fz={{ base: 24, sm: 28 }} fw={800} lh={1.15} mt={4} data-testid={`${testId}-value`}>
        {formatMoney(amount)}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}

/** The big numbers: what was earned, what reached the bank, what is coming, and what made it up. */
export function PayoutTotals({ totals }: { totals: TPayoutsView['totals'] }) {
  const jobs = `${totals.count} ${totals.count === 1 ? 'job' : 'jobs'}`;
  return (
    <>
      {totals.platform_fee_owed > 0 ? (
        <Card padding="lg" mb="md" withBorder bg="orange.0" data-testid="payouts-fee-owed">
          <Group justify="space-between" gap="sm">
            <div>
              <Text fw={700}>Platform fees you owe on cash jobs</Text>
              <Text size="sm" c="dimmed">
                You collected these jobs' money from the customer; Haulpro's fee is still due.
              </Text>
            </div>
            <Text fz={24} fw={800} data-testid="payouts-fee-owed-value">
              {formatMoney(totals.platform_fee_owed)}
            </Text>
          </Group>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" mb="lg" data-testid="payouts-totals">
        <Stat
          testId="payouts-net"
          label="Earned (net)"
          amount={totals.net}
          hint={`${jobs}: price less Haulpro's fee, plus tips and cancellation fees`}
          icon={<IconCash size={20} />}
          color="green"
        />
        <Stat
          testId="payouts-paid-out"
          label="Paid out"
          amount={totals.paid_out}
          hint="Already in your bank account"
          icon={<IconBuildingBank size={20} />}
          color="teal"
        />
        <Stat
          testId="payouts-pending"
          label="On its way"
          amount={totals.pending}
          hint="Card jobs not in your bank yet"
          icon={<IconClockDollar size={20} />}
          color="orange"
        />
        <Stat
          testId="payouts-tips"
          label="Tips"
          amount={totals.tips}
          hint="Included in what you earned, all yours"
          icon={<IconHeartHandshake size={20} />}
          color="pink"
        />
        <Stat
          testId="payouts-cancellation-fees"
          label="Cancellation fees"
          amount={totals.cancellation_fees}
          hint="Kept from late cancellations"
          icon={<IconCalendarX size={20} />}
          color="grape"
        />
        <Stat
          testId="payouts-platform-fees"
          label="Platform fees"
          amount={totals.platform_fee}
          hint={`Haulpro's fee on ${formatMoney(totals.gross)} of jobs`}
          icon={totals.platform_fee_owed > 0 ? <IconReceiptTax size={20} /> : <IconReceipt size={20} />}
          color="gray"
        />
      </SimpleGrid>
    </>
  );
}
