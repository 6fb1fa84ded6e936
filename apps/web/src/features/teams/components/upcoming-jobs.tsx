import type { TCrewJob } from '@haulpro/shared/crew';
import { showUpLabel } from '@haulpro/shared/order-wire';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { dayjs } from '../../../lib/dayjs.ts';

/** A member's upcoming jobs (decision 019): date, window, status, customer and where. */
export function UpcomingJobs({ jobs }: { jobs: TCrewJob[] }) {
  return (
    <Card withBorder padding="lg" data-testid="member-jobs">
      <Title order={2} fz="lg" mb="sm">
        Upcoming jobs
      </Title>
      {jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No upcoming jobs assigned.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {jobs.map((j) => (
            <Card key={j.order_id} component="li" withBorder padding="sm" data-testid="member-job">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={700} size="sm">
                  {dayjs(j.arrival_date).format('ddd, MMM D, YYYY')} · {showUpLabel(j.arrival_time)}
                </Text>
                <Badge variant="light" tt="none">
                  {j.status}
                </Badge>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Order #{j.order_id} · {j.customer_name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {j.from}
                {j.to && j.to !== j.from ? ` → ${j.to}` : ''}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}
