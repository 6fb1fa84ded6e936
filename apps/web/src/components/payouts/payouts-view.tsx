import type { TPayoutsView } from '@haulpro/shared/payouts';
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
import { IconCash, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type TPayoutPeriodKind, usePayouts } from '../../lib/api/payouts.ts';
import { LoadError } from '../load-error.tsx';
import { PayoutChart } from './payout-chart.tsx';
import { downloadPayoutsCsv } from './payout-csv.ts';
import { PayoutJobs } from './payout-jobs.tsx';
import { chartPeriods, periodOf } from './payout-periods.ts';
import { PayoutPeriodsTable } from './payout-periods-table.tsx';
import { PayoutTotals } from './payout-totals.tsx';

export const NO_PAYOUTS = 'No payouts yet. Finished jobs appear here with what reaches your bank and when.';

function PayoutsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading your payouts">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} height={112} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton height={320} radius="lg" />
      <Skeleton height={220} radius="lg" />
    </Stack>
  );
}

type TPayoutsProps = {
  view: TPayoutsView;
  /** The grouping asked for; the view may still be the other one's while it loads. */
  selected: TPayoutPeriodKind;
  onKind: (kind: TPayoutPeriodKind) => void;
  accountLink: string;
};

function Payouts({ view, selected, onKind, accountLink }: TPayoutsProps) {
  const now = new Date();
  const kind = view.period;
  return (
    <>
      <PayoutTotals totals={view.totals} />
      <Card mb="lg" p={{ base: 'md', sm: 'xl' }} data-testid="payout-periods-card">
        <Group justify="space-between" align="center" gap="sm" mb="md">
          <Title order={2} fz="lg">
            By {kind}
          </Title>
          <SegmentedControl
            aria-label="Group by"
            value={selected}
            onChange={(value) => onKind(value === 'month' ? 'month' : 'week')}
            data={[
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
          />
        </Group>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <PayoutChart
              kind={kind}
              bars={chartPeriods(kind, view.periods, now)}
              current={periodOf(kind, now)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <PayoutPeriodsTable kind={kind} periods={view.periods} />
          </Grid.Col>
        </Grid>
      </Card>
      <Group justify="space-between" align="center" gap="sm" mb="sm">
        <Title order={2} fz="lg">
          Jobs
        </Title>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadPayoutsCsv(view.data)}
        >
          Download CSV
        </Button>
      </Group>
      <PayoutJobs rows={view.data} accountLink={accountLink} />
    </>
  );
}

type TPayoutsViewProps = {
  /** Where the payout account is connected (Profile → Get paid, Labor settings → Payouts). */
  accountLink: string;
  /** Under the empty state's words (e.g. a link to find work). */
  emptyAction?: ReactNode;
};

/**
 * The payout ledger of the session's company or helper: totals, the sums by week or month, the
 * jobs with when their money reaches the bank, and the jobs as a CSV file.
 */
export function PayoutsView({ accountLink, emptyAction }: TPayoutsViewProps) {
  const [kind, setKind] = useState<TPayoutPeriodKind>('week');
  const payouts = usePayouts(kind);
  if (payouts.isPending) return <PayoutsSkeleton />;
  if (payouts.error && !payouts.data) {
    return (
      <LoadError
        what="your payouts"
        error={payouts.error}
        onRetry={() => payouts.refetch()}
        retrying={payouts.isFetching}
      />
    );
  }
  const view = payouts.data;
  if (view.totals.count === 0) {
    return (
      <Card py={48} data-testid="payouts-empty">
        <EmptyState
          variant="light"
          size="lg"
          icon={<IconCash size={30} stroke={1.6} />}
          title="Your payouts will show here"
          description={NO_PAYOUTS}
        >
          {emptyAction}
        </EmptyState>
      </Card>
    );
  }
  // The other grouping's answer stays on screen until this one lands, drawn with its own grouping.
  return <Payouts view={view} selected={kind} onKind={setKind} accountLink={accountLink} />;
}
