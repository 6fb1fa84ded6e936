import type { TTodayJob } from '@haulpro/shared/move-day';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconMapPin, IconPhone, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { arrivalText } from '../lib/arrival.ts';
import { JobStateBadge } from './job-state-badge.tsx';

/** One of today's jobs: when, where (one tap to maps), whom to call, the crew, the state, Open job. */
export function TodayJobCard({ job }: { job: TTodayJob }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="today-job">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} fz={{ base: 'md', sm: 'lg' }} data-testid="today-job-time">
            {arrivalText(job.arrival_time)}
          </Text>
          <JobStateBadge state={job.state} />
        </Group>
        <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
          {job.title}
        </Title>
        <Anchor
          href={job.maps_url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={18} aria-hidden style={{ flexShrink: 0 }} />
            <span>{job.address}</span>
          </Group>
        </Anchor>
        <Group gap="md" wrap="wrap">
          <Text size="sm">{job.customer_name}</Text>
          {job.customer_phone ? (
            <Anchor href={`tel:${job.customer_phone.replace(/[^\d+]/g, '')}`} size="sm">
              <Group gap={6} wrap="nowrap">
                <IconPhone size={16} aria-hidden />
                <span>{job.customer_phone}</span>
              </Group>
            </Anchor>
          ) : null}
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconUsers size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c={job.crew.length ? undefined : 'dimmed'}>
            {job.crew.length ? job.crew.join(', ') : 'No crew assigned yet'}
          </Text>
        </Group>
        <Button
          component={Link}
          to={job.href}
          size="lg"
          fullWidth
          rightSection={<IconArrowRight size={20} />}
          aria-label={`Open job: ${job.title}, ${arrivalText(job.arrival_time)}`}
        >
          Open job
        </Button>
      </Stack>
    </Card>
  );
}
