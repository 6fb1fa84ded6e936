import {
  PAYOUT_SUBMISSION_STATUSES,
  type TPayoutReviewItem,
  type TPayoutSubmissionStatus,
} from '@haulpro/shared/delivery-view';
import { Box, Card, Center, EmptyState, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardTabs } from '../../../components/card-tabs.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatMoney } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDecidePayout } from '../api/decide-payout.ts';
import { usePayoutQueue } from '../api/list-payouts.ts';
import { PayoutReviewCard } from '../components/payout-review-card.tsx';

const EMPTY: Record<TPayoutSubmissionStatus, { title: string; description: string }> = {
  pending: {
    title: 'No payouts waiting for review',
    description: 'When a helper presses Get Paid on a finished delivery, the submission shows up here.',
  },
  approved: {
    title: 'No approved payouts',
    description: 'Submissions you approve are kept here.',
  },
  rejected: {
    title: 'No rejected payouts',
    description: 'Submissions you reject are kept here with your reason.',
  },
};

/** Tab icons from the small breakpoint up: at 340 px the three labels alone fit on one line. */
function TabIcon({ icon: Icon }: { icon: typeof IconInbox }) {
  return (
    <Box component="span" visibleFrom="sm" style={{ display: 'flex' }}>
      <Icon size={18} aria-hidden="true" />
    </Box>
  );
}

function readStatus(value: string | null): TPayoutSubmissionStatus {
  return (PAYOUT_SUBMISSION_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as TPayoutSubmissionStatus)
    : 'pending';
}

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

function QueueSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading payout submissions">
      <Skeleton height={300} radius="lg" />
      <Skeleton height={300} radius="lg" />
    </Stack>
  );
}

/** /admin: the payout review queue (issue 13): approve or reject what helpers submitted with Get Paid. */
export function PayoutReviewsPage() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const page = readPage(params.get('page'));
  const queue = usePayoutQueue(status, page);
  const decide = useDecidePayout();
  const [rejecting, setRejecting] = useState<TPayoutReviewItem | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const meta = queue.data?.meta;
  const lastPage = meta?.last_page ?? 1;
  const busyId = decide.isPending ? decide.variables?.id : undefined;

  function go(next: { status?: TPayoutSubmissionStatus; page?: number }) {
    const search = new URLSearchParams();
    const s = next.status ?? status;
    const p = next.page ?? 1;
    if (s !== 'pending') search.set('status', s);
    if (p > 1) search.set('page', String(p));
    setParams(search);
    window.scrollTo({ top: 0 });
  }

  function approve(item: TPayoutReviewItem) {
    modals.openConfirmModal({
      title: (
        <Text fw={700} fz="lg">
          Approve payout?
        </Text>
      ),
      children: (
        <Text size="sm">
          Approve the payout of {formatMoney(item.invoice.total_payout)} to {item.acceptor_name} for delivery
          #{item.delivery_id} ({item.items_name})? The customer can then confirm the delivery, and the payout
          is recorded.
        </Text>
      ),
      labels: { confirm: 'Approve payout', cancel: 'Cancel' },
      confirmProps: { color: 'green' },
      onConfirm: () => decide.mutate({ kind: 'approve', id: item.id }),
    });
  }

  function openReject(item: TPayoutReviewItem) {
    setReasonError(undefined);
    setRejecting(item);
  }

  function submitReject(reason: string) {
    if (!rejecting) return;
    decide.mutate(
      { kind: 'reject', id: rejecting.id, reason },
      {
        onSuccess: () => setRejecting(null),
        onError: (err) => {
          if (err instanceof ApiError && err.field('reason')) setReasonError(err.field('reason'));
          // Already decided by someone else (409): nothing left to reject here.
          else setRejecting(null);
        },
      },
    );
  }

  const items = queue.data?.data;
  return (
    <>
      <PageHeader
        title="Payout reviews"
        description="Check each finished delivery's documents before the helper is paid. Approved payouts then wait for the customer to confirm."
      />
      <CardTabs
        tabs={[
          {
            value: 'pending',
            label: meta ? `Pending - ${meta.pending_count}` : 'Pending',
            icon: <TabIcon icon={IconClockHour4} />,
          },
          { value: 'approved', label: 'Approved', icon: <TabIcon icon={IconCircleCheck} /> },
          { value: 'rejected', label: 'Rejected', icon: <TabIcon icon={IconCircleX} /> },
        ]}
        value={status}
        onChange={(value) => go({ status: readStatus(value) })}
      />
      {queue.isPending ? (
        <QueueSkeleton />
      ) : queue.error && !items ? (
        <LoadError
          what="the payout reviews"
          error={queue.error}
          onRetry={() => queue.refetch()}
          retrying={queue.isFetching}
        />
      ) : !items || items.length === 0 ? (
        <Card py={48} data-testid="payouts-empty">
          <EmptyState
            variant="light"
            size="lg"
            icon={<IconInbox size={30} stroke={1.6} />}
            title={EMPTY[status].title}
            description={EMPTY[status].description}
          />
        </Card>
      ) : (
        <Stack gap="md" data-testid="payout-queue">
          {meta && meta.total > items.length ? (
            <Text size="sm" c="dimmed">
              {meta.total} submissions, page {page} of {lastPage}
            </Text>
          ) : null}
          {items.map((item) => (
            <PayoutReviewCard
              key={item.id}
              item={item}
              busy={busyId === item.id}
              onApprove={approve}
              onReject={openReject}
            />
          ))}
          {lastPage > 1 ? (
            <Center>
              <Pagination
                value={Math.min(page, lastPage)}
                total={lastPage}
                onChange={(p) => go({ page: p })}
              />
            </Center>
          ) : null}
        </Stack>
      )}
      <ReasonModal
        opened={rejecting !== null}
        title="Reject payout"
        description={
          rejecting
            ? `Delivery #${rejecting.delivery_id} (${rejecting.items_name}) goes back to Accepted, and ${rejecting.acceptor_name} sees your reason and can submit again.`
            : undefined
        }
        confirmLabel="Reject payout"
        loading={decide.isPending}
        onClose={() => setRejecting(null)}
        onSubmit={submitReject}
        serverError={reasonError}
      />
    </>
  );
}
