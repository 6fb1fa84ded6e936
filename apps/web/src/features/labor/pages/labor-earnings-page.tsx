import type { TEarningsView } from '@haulpro/shared/delivery-view';
import {
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Title,
} from '@mantine/core';
import { IconCash, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useEarnings } from '../api/get-earnings.ts';
import { EarningsChart } from '../components/earnings-chart.tsx';
import { EarningsPeriodsTable } from '../components/earnings-periods-table.tsx';
import { EarningsSummary } from '../components/earnings-summary.tsx';
import { PayoutRecords } from '../components/payout-records.tsx';
import { chartPeriods, periodOf, type TPeriodKind } from '../lib/earnings-periods.ts';

const HOW_IT_WORKS =
  'A payout is recorded when the customer confirms the delivery, and paid out to you later.';

function EarningsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading your earnings">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} height={118} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton height={320} radius="lg" />
      <Skeleton height={220} radius="lg" />
    </Stack>
  );
}

function NoEarnings() {
  return (
    <Card py={48} data-testid="earnings-empty">
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconCash size={30} stroke={1.6} />}
        title="Your earnings will show here"
        description="No earnings yet: completed deliveries show up here once the customer confirms them."
      >
        <Button component={Link} to="/labor-dashboard" mt="md">
          Find deliveries
        </Button>
      </EmptyState>
    </Card>
  );
}

function Earnings({ view }: { view: TEarningsView }) {
  const [kind, setKind] = useState<TPeriodKind>('week');
  const now = new Date();
  const periods = kind === 'week' ? view.weeks : view.months;
  return (
    <>
      <EarningsSummary totals={view.totals} />
      <Card mb="lg" p={{ base: 'md', sm: 'xl' }} data-testid="earnings-periods-card">
        <Group justify="space-between" align="center" gap="sm" mb="md">
          <Title order={2} fz="lg">
            Payouts by {kind}
          </Title>
          <SegmentedControl
            aria-label="Group payouts by"
            value={kind}
            onChange={(value) => setKind(value === 'month' ? 'month' : 'week')}
            data={[
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
          />
        </Group>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <EarningsChart
              kind={kind}
              bars={chartPeriods(kind, periods, now)}
              current={periodOf(kind, now)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <EarningsPeriodsTable kind={kind} periods={periods} />
          </Grid.Col>
        </Grid>
      </Card>
      <Title order={2} fz="lg" mb="sm">
        Payout records
      </Title>
      <PayoutRecords records={view.data} />
    </>
  );
}

/** /labor-earnings: the labor user's payouts, their totals, and the totals by week and month. */
export function LaborEarningsPage() {
  const earnings = useEarnings();
  return (
    <>
      <PageHeader
        title="Earnings"
        description={
          <Group component="span" gap={6} wrap="nowrap" align="flex-start">
            <IconInfoCircle size={18} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden="true" />
            <span>{HOW_IT_WORKS}</span>
          </Group>
        }
      />
      {earnings.isPending ? (
        <EarningsSkeleton />
      ) : earnings.error ? (
        <LoadError
          what="your earnings"
          error={earnings.error}
          onRetry={() => earnings.refetch()}
          retrying={earnings.isFetching}
        />
      ) : earnings.data.totals.count === 0 ? (
        <NoEarnings />
      ) : (
        <Earnings view={earnings.data} />
      )}
    </>
  );
}
