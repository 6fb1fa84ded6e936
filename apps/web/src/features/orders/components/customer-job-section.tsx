import type { TJobChange } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TOrder } from '@haulpro/shared/order-wire';
import { Alert, Anchor, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconTruckDelivery } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Money } from '../../../components/money.tsx';
import { TipConfirmModal } from '../../../components/tip-confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type TCustomerJobCall, useCustomerJob, useCustomerJobAction } from '../api/customer-job.ts';
import { orderKeys } from '../api/order-keys.ts';
import { JobBillTable, JobPhotos } from './customer-job-bill.tsx';
import { DisputeModal } from './dispute-modal.tsx';
import { clock, jobStateText } from './job-state-text.ts';

/** The order statuses under which a crew may be on the job (accepted, being completed, completed). */
const JOB_STATUSES: ReadonlySet<number> = new Set([
  ORDER_STATUS.accepted,
  ORDER_STATUS.beingCompleted,
  ORDER_STATUS.completed,
]);

export const hasJob = (order: TOrder) => JOB_STATUSES.has(order.status_id);

const STATUS_COLOR = { pending: 'orange', approved: 'teal', declined: 'gray' } as const;

function ChangeRow({
  change,
  busy,
  onAnswer,
}: {
  change: TJobChange;
  busy: boolean;
  onAnswer: (call: TCustomerJobCall) => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="job-change">
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {change.description}
          {change.quantity > 1 ? ` × ${change.quantity}` : ''}
        </Text>
        <Text size="sm">
          <Money amount={change.amount} />
        </Text>
      </Stack>
      {change.status === 'pending' ? (
        <Group gap="xs">
          <Button
            size="xs"
            color="teal.8"
            loading={busy}
            onClick={() => onAnswer({ kind: 'approve', changeId: change.id })}
          >
            Approve
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            onClick={() => onAnswer({ kind: 'decline', changeId: change.id })}
          >
            Decline
          </Button>
        </Group>
      ) : (
        <Badge color={STATUS_COLOR[change.status]} variant="light">
          {change.status === 'approved' ? 'Approved' : 'Declined'}
        </Badge>
      )}
    </Group>
  );
}

/** Finish work moves the order to Being Completed: the modal's order (its badge) is read again when the job's state changes. */
function useOrderFollowsJob(id: number, state: string | undefined) {
  const queryClient = useQueryClient();
  const last = useRef(state);
  useEffect(() => {
    if (last.current === state) return;
    const changed = last.current !== undefined;
    last.current = state;
    if (changed) void queryClient.invalidateQueries({ queryKey: orderKeys.detail('customer', id) });
  }, [id, state, queryClient]);
}

/** Move day on the customer's order modal: the crew's state, changes to answer, the final bill. */
export function CustomerJobSection({ order }: { order: TOrder }) {
  const query = useCustomerJob(order.id, hasJob(order));
  const action = useCustomerJobAction(order.id);
  const [tipping, setTipping] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const job = query.data;
  useOrderFollowsJob(order.id, job?.state);
  // No step yet (or an old order from before move day existed): nothing to follow.
  if (!job || (job.state === 'not_started' && job.changes.length === 0)) return null;

  function run(call: TCustomerJobCall, field?: string, done?: () => void) {
    setFieldError(undefined);
    action.mutate(call, {
      onSuccess: () => done?.(),
      onError: (err) => setFieldError(field && err instanceof ApiError ? err.field(field) : undefined),
    });
  }

  const finished = job.state === 'finished';
  const busyChange = action.isPending && 'changeId' in action.variables ? action.variables.changeId : null;
  return (
    <Stack gap="sm" data-testid="customer-job">
      <Divider label="Move day" labelPosition="left" />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconTruckDelivery size={20} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
        <Text fw={600} aria-live="polite" data-testid="job-state">
          {jobStateText({ ...job, total: job.bill.total })}
        </Text>
      </Group>
      {job.changes.length > 0 ? (
        <Stack gap="xs" data-testid="job-changes">
          <Text size="sm" fw={600}>
            Changes on site
          </Text>
          {job.changes.map((c) => (
            <ChangeRow key={c.id} change={c} busy={busyChange === c.id} onAnswer={(call) => run(call)} />
          ))}
        </Stack>
      ) : null}
      {finished ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Final bill
          </Text>
          <JobBillTable bill={job.bill} />
        </Stack>
      ) : null}
      {job.disputed_at ? (
        <Alert color="orange" variant="light" title="You disputed this bill" data-testid="job-disputed">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {job.dispute_reason}
          </Text>
        </Alert>
      ) : null}
      {finished && (job.can_confirm || job.can_dispute) ? (
        <Stack gap="xs">
          {job.confirm_by ? (
            <Text size="sm" data-testid="job-confirm-by">
              Confirm by {clock(job.confirm_by, job.time_zone, 'ddd, MMM D, h:mm A')}: after that the bill is
              confirmed automatically.
            </Text>
          ) : null}
          <Group gap="xs">
            {job.can_confirm ? (
              <Button color="teal.8" onClick={() => setTipping(true)} data-testid="job-confirm">
                Confirm bill
              </Button>
            ) : null}
            {job.can_dispute ? (
              <Button variant="default" onClick={() => setDisputing(true)} data-testid="job-dispute">
                Dispute
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
      {job.confirmed_at ? (
        <Text size="sm" c="teal.9" data-testid="job-confirmed">
          Bill {job.confirmed_by === 'signature' ? 'signed' : 'confirmed'} on{' '}
          {clock(job.confirmed_at, job.time_zone, 'MMM D, h:mm A')}
          {job.confirmed_by === 'automatic' ? ' (automatically, after 48 hours)' : ''}.
        </Text>
      ) : null}
      {job.work_order_url ? (
        <Anchor href={job.work_order_url} target="_blank" rel="noopener" data-testid="job-work-order">
          <Group gap={6} wrap="nowrap">
            <IconFileTypePdf size={18} aria-hidden="true" />
            Work order (PDF)
          </Group>
        </Anchor>
      ) : null}
      {job.signed_at || job.confirmed_at ? <JobPhotos photos={job.photos} /> : null}
      <TipConfirmModal
        opened={tipping}
        title={`Confirm the bill of order #${order.id}`}
        price={job.bill.total}
        cash={order.payment_method === 'cash'}
        loading={action.isPending}
        serverError={fieldError}
        onClose={() => setTipping(false)}
        onConfirm={(tip) =>
          run({ kind: 'confirm', ...(tip > 0 ? { tip } : {}) }, 'tip', () => setTipping(false))
        }
      />
      <DisputeModal
        opened={disputing}
        loading={action.isPending}
        serverError={fieldError}
        onClose={() => setDisputing(false)}
        onSubmit={(reason) => run({ kind: 'dispute', reason }, 'reason', () => setDisputing(false))}
      />
    </Stack>
  );
}
