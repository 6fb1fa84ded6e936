import type { TJobLine } from '@haulpro/shared/move-day';
import type { TOrder } from '@haulpro/shared/order-wire';
import { Badge, Group, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { jobStateText } from './job-state-text.ts';

function JobLine({ line }: { line: TJobLine }) {
  const pending = line.pending_changes;
  return (
    <Group gap="xs" wrap="wrap" data-testid="order-card-job">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconTruckDelivery size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Text size="sm" fw={600}>
          {jobStateText(line)}
        </Text>
      </Group>
      {pending > 0 ? (
        <Badge color="orange" variant="light">
          {pending === 1 ? '1 change to approve' : `${pending} changes to approve`}
        </Badge>
      ) : null}
      {line.to_confirm ? (
        <Badge color="blue" variant="light">
          Bill to confirm
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * The customer's order card on move day: the job at a glance, as the list answer carries it
 * (`job_line`, for an order on its move day whose crew took a step); the details modal has the rest.
 */
export function CustomerJobLine({ order }: { order: TOrder }) {
  return order.job_line ? <JobLine line={order.job_line} /> : null;
}
