import { Group, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { useReconciliation } from '../api/get-reconciliation.ts';
import { Discrepancies, ReconciliationDays, ReconciliationTotals } from './reconciliation-tables.tsx';

/** The last 30 days, today included. */
export function defaultRange(now: Date = new Date()): { from: string; to: string } {
  const today = dayjs(now);
  return { from: today.subtract(29, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
}

function RangeSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the reconciliation">
      <Skeleton height={150} radius="lg" />
      <Skeleton height={260} radius="lg" />
    </Stack>
  );
}

/** /admin?tab=reconciliation: where the money went, day by day, and the jobs whose books do not balance. */
export function ReconciliationPanel() {
  const [range, setRange] = useState(defaultRange);
  const valid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const books = useReconciliation(range.from, range.to, valid);
  const data = books.data;

  return (
    <>
      <PageHeader
        title="Reconciliation"
        description="Money in from customers, money out to providers and back to customers, and Haulpro's fees."
        actions={
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <TextInput
              type="date"
              label="From"
              value={range.from}
              max={range.to || undefined}
              onChange={(e) => setRange((r) => ({ ...r, from: e.currentTarget.value }))}
              w={{ base: 140, sm: 160 }}
            />
            <TextInput
              type="date"
              label="To"
              value={range.to}
              min={range.from || undefined}
              onChange={(e) => setRange((r) => ({ ...r, to: e.currentTarget.value }))}
              error={valid ? undefined : 'Pick a start on or before the end.'}
              w={{ base: 140, sm: 160 }}
            />
          </Group>
        }
      />
      {books.isPending && !data ? (
        <RangeSkeleton />
      ) : books.error && !data ? (
        <LoadError
          what="the reconciliation"
          error={books.error}
          onRetry={() => books.refetch()}
          retrying={books.isFetching}
        />
      ) : data ? (
        <Stack gap="lg" data-testid="reconciliation" style={{ opacity: books.isPlaceholderData ? 0.6 : 1 }}>
          <Discrepancies list={data.discrepancies} />
          <ReconciliationTotals totals={data.totals} />
          <div>
            <Title order={2} fz="lg" mb="sm">
              By day
            </Title>
            <ReconciliationDays days={data.days} />
          </div>
        </Stack>
      ) : null}
    </>
  );
}
