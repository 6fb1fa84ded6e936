import { minutesText, type TJobView } from '@haulpro/shared/move-day';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { dayjs } from '../../../lib/dayjs.ts';
import { clockOf, clockText } from '../lib/job-clock.ts';
import { JobStateBadge } from './job-state-badge.tsx';

/** The state and the live job clock: worked time ticking while working, breaks beside it. */
export function JobClock({ job }: { job: TJobView }) {
  const [now, setNow] = useState(() => Date.now());
  const clock = clockOf(job.events, now);
  const ticking = clock.running || clock.onBreak;
  const interval = useInterval(() => setNow(Date.now()), 1000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the interval object changes each render.
  useEffect(() => {
    if (ticking) interval.start();
    else interval.stop();
    return interval.stop;
  }, [ticking]);
  const eta =
    job.state === 'on_the_way' && job.eta_at ? dayjs(job.eta_at).tz(job.time_zone).format('h:mm A') : null;
  const corrected = job.events.some((e) => e.corrected);

  return (
    <Card withBorder radius="md" padding="md" data-testid="job-clock">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <JobStateBadge state={job.state} size="lg" />
          {eta ? <Text size="sm">ETA {eta}</Text> : null}
        </Group>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Worked
            </Text>
            <Text fz={36} fw={700} lh={1.1} ff="monospace" data-testid="job-clock-worked" aria-live="off">
              {clockText(clock.workedMs)}
            </Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Breaks
            </Text>
            <Text fz="lg" fw={600} ff="monospace" data-testid="job-clock-breaks">
              {clockText(clock.breakMs)}
            </Text>
          </div>
        </Group>
        {job.state === 'finished' ? (
          <Text size="sm">
            Billable: <b>{minutesText(job.billable_minutes)}</b> (worked {minutesText(job.worked_minutes)},
            rounded up to 15 minutes, at least the minimum)
          </Text>
        ) : null}
        {corrected ? (
          <Text size="xs" c="dimmed">
            A step's time was corrected by the server (the phone's clock was outside the job's day or before
            the step before it).
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
