import { Button, Card, EmptyState, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendar, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { BranchSelector } from '../../../components/branch-selector.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useActiveBranch } from '../../../lib/active-branch.ts';
import { useSession } from '../../../lib/auth-store.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { useToday } from '../api/get-today.ts';
import { OfflineNote } from '../components/offline-note.tsx';
import { TodayJobCard } from '../components/today-job-card.tsx';
import { registerServiceWorker } from '../lib/register-sw.ts';

/** /today: today's accepted jobs of the active branch (staff) or of the helper (labor), in arrival order. */
export function TodayPage() {
  const { user } = useSession();
  const staff = user.role === 'staff';
  return staff ? (
    <StaffToday userId={user.id} />
  ) : (
    <TodayList userId={user.id} branchId={null} staff={false} />
  );
}

function StaffToday({ userId }: { userId: number }) {
  const { branchId } = useActiveBranch();
  return <TodayList userId={userId} branchId={branchId} staff />;
}

function TodayList({ userId, branchId, staff }: { userId: number; branchId: number | null; staff: boolean }) {
  const today = useToday(userId, branchId);
  useEffect(registerServiceWorker, []);
  const data = today.data;
  const date = data ? dayjs(data.date).format('dddd, MMMM D') : null;

  return (
    <>
      <PageHeader
        title="Today"
        description={date ? `${date} · ${data?.jobs.length ?? 0} jobs` : "Today's jobs, in arrival order."}
        actions={staff ? <BranchSelector /> : undefined}
      />
      <OfflineNote showWhenOnline={false} stale={today.isError} />
      {today.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading today's jobs" />
        </Group>
      ) : today.isError && !data ? (
        <LoadError
          what="today's jobs"
          error={today.error}
          onRetry={() => void today.refetch()}
          retrying={today.isFetching}
        />
      ) : data && data.jobs.length === 0 ? (
        <Card py={48} data-testid="today-empty">
          <EmptyState
            variant="light"
            size="lg"
            icon={<IconTruckDelivery size={30} stroke={1.6} />}
            title="No jobs today"
            description="Accepted jobs for today show here, in arrival order."
          >
            <Button
              component={Link}
              to={staff ? '/calendar' : '/labor-dashboard'}
              variant="light"
              leftSection={<IconCalendar size={18} />}
            >
              {staff ? 'Open the calendar' : 'See your orders'}
            </Button>
          </EmptyState>
        </Card>
      ) : data ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="today-jobs">
            {data.jobs.map((job) => (
              <TodayJobCard key={`${job.kind}-${job.id}`} job={job} />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Times are in {data.time_zone.replace('_', ' ')}.
          </Text>
        </Stack>
      ) : null}
    </>
  );
}
