import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TOrder } from '@haulpro/shared/order-wire';
import { Badge, Group, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { dayjs } from '../../../lib/dayjs.ts';
import { useCustomerJob } from '../api/customer-job.ts';
import { jobStateText } from './customer-job-section.tsx';

/** Orders a crew may be working on now: accepted from their move date on, or finished and not yet confirmed. */
function isMoveDay(order: TOrder): boolean {
  if (order.status_id === ORDER_STATUS.beingCompleted) return true;
  return order.status_id === ORDER_STATUS.accepted && order.arrival_date <= dayjs().format('YYYY-MM-DD');
}

function JobLine({ order }: { order: TOrder }) {
  const job = useCustomerJob(order.id, true).data;
  if (!job || job.state === 'not_started') return null;
  const pending = job.changes.filter((c) => c.status === 'pending').length;
  const toConfirm = job.state === 'finished' && job.can_confirm && !job.confirmed_at;
  return (
    <Group gap="xs" wrap="wrap" data-testid="order-card-job">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconTruckDelivery size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Text size="sm" fw={600}>
          {jobStateText(job)}
        </Text>
      </Group>
      {pending > 0 ? (
        <Badge color="orange" variant="light">
          {pending === 1 ? '1 change to approve' : `${pending} changes to approve`}
        </Badge>
      ) : null}
      {toConfirm ? (
        <Badge color="blue" variant="light">
          Bill to confirm
        </Badge>
      ) : null}
    </Group>
  );
}

/** The customer's order card: the job live on move day (the details modal has the rest). */
export function CustomerJobLine({ order }: { order: TOrder }) {
  return isMoveDay(order) ? <JobLine order={order} /> : null;
}
