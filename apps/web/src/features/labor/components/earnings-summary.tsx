import type { TEarningsView } from '@haulpro/shared/delivery-view';
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCash, IconClockDollar, IconHeartHandshake, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../components/money.tsx';

type TStatProps = {
  label: string;
  value: string;
  hint: string;
  icon: ReactNode;
  color: string;
  testId: string;
};

function Stat({ label, value, hint, icon, color, testId }: TStatProps) {
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
      <Text fz={{ base: 26, sm: 32 }} fw={800} lh={1.15} mt={4} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}

/** The four big numbers: total payouts, tips, what is still awaiting settlement, deliveries. */
export function EarningsSummary({ totals }: { totals: TEarningsView['totals'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mb="lg" data-testid="earnings-summary">
      <Stat
        testId="earnings-total"
        label="Total payouts"
        value={formatMoney(totals.total_payout)}
        hint="Base price less the processing fee, plus tips"
        icon={<IconCash size={20} />}
        color="green"
      />
      <Stat
        testId="earnings-tips"
        label="Tips"
        value={formatMoney(totals.tips)}
        hint="Included in your payouts, all yours"
        icon={<IconHeartHandshake size={20} />}
        color="pink"
      />
      <Stat
        testId="earnings-pending"
        label="Awaiting settlement"
        value={formatMoney(totals.pending_settlement)}
        hint="Recorded, not paid out yet"
        icon={<IconClockDollar size={20} />}
        color="orange"
      />
      <Stat
        testId="earnings-count"
        label="Deliveries"
        value={String(totals.count)}
        hint={totals.count === 1 ? 'Confirmed delivery' : 'Confirmed deliveries'}
        icon={<IconTruckDelivery size={20} />}
        color="blue"
      />
    </SimpleGrid>
  );
}
