import { DELIVERY_STATUS, PAYOUT_REVIEW_LABEL } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconCash,
  IconCheck,
  IconClockHour4,
  IconEye,
  IconInfoCircle,
  IconPrinter,
  IconStar,
  IconStars,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Countdown } from '../../../components/countdown.tsx';
import { DeliveryStatusBadge } from '../../../components/delivery/delivery-status-badge.tsx';
import { ThreadButton } from '../../../components/message-thread/thread-button.tsx';
import { formatMoney } from '../../../components/money.tsx';
import {
  arrivalStart,
  canPrintLetter,
  cutDeliveryAddress,
  formatDeliveryDate,
  letterPath,
  showUpWindow,
} from '../lib/delivery-format.ts';
import classes from './delivery-card.module.css';
import { MoveDayCard } from './move-day-card.tsx';

export type TDeliveryCardAction =
  | 'details'
  | 'accept'
  | 'reject'
  | 'complete'
  | 'cancel'
  | 'archive'
  | 'review'
  | 'reviews';

export type THelperViewer = 'labor' | 'company';

type TDeliveryCardProps = {
  delivery: TDeliveryView;
  viewer: THelperViewer;
  /** The viewer holds it (the Accepted tab): the letter can be printed. */
  held: boolean;
  /** A company on All branches: accepting assigns the nearest covering branch. */
  allBranches: boolean;
  onAction: (action: TDeliveryCardAction, delivery: TDeliveryView) => void;
  /** An action of this delivery is running: its buttons wait. */
  busy?: boolean;
};

function Stat({
  label,
  children,
  title,
  testId,
}: {
  label: string;
  children: ReactNode;
  title?: string;
  testId?: string;
}) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={500}
        component="div"
        title={title}
        style={{ overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {children}
      </Text>
    </Stack>
  );
}

/** The accept button's words: a company on All branches names the branch that takes the job. */
export function acceptLabel(delivery: TDeliveryView, viewer: THelperViewer, allBranches: boolean): string {
  return viewer === 'company' && allBranches && delivery.nearest_branch
    ? 'Accept with nearest branch'
    : 'Accept';
}

/** "Demo Movers Los Angeles · 3.1 mi from the pickup", or null when the accept is not a company's. */
export function nearestBranchLine(
  delivery: TDeliveryView,
  viewer: THelperViewer,
  allBranches: boolean,
): string | null {
  const near = delivery.nearest_branch;
  if (viewer !== 'company' || !allBranches || !near) return null;
  return `${near.name} · ${near.distance_miles} mi from the pickup`;
}

/** What the latest payout submission says on the card: in review, approved, or the admin's reason. */
export function PayoutState({ delivery }: { delivery: TDeliveryView }) {
  const payout = delivery.payout;
  if (!payout) return null;
  if (payout.status === 'pending') {
    return (
      <Alert
        color="violet"
        variant="light"
        p="xs"
        icon={<IconClockHour4 size={18} />}
        data-testid="payout-state"
      >
        <Text size="sm" fw={600}>
          {PAYOUT_REVIEW_LABEL}
        </Text>
        <Text size="xs">
          We're checking the signed letter. You're paid once the customer confirms the delivery.
        </Text>
      </Alert>
    );
  }
  if (payout.status === 'approved' && delivery.status_id !== DELIVERY_STATUS.completed) {
    return (
      <Alert color="teal" variant="light" p="xs" icon={<IconCheck size={18} />} data-testid="payout-state">
        <Text size="sm">Payout approved: waiting for the customer to confirm the delivery.</Text>
      </Alert>
    );
  }
  if (payout.status === 'rejected') {
    return (
      <Alert
        color="red"
        variant="light"
        p="xs"
        icon={<IconInfoCircle size={18} />}
        title="Payout not approved"
        data-testid="payout-state"
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {payout.reason ?? 'The admin did not approve the documents.'}
        </Text>
        <Text size="xs" mt={4}>
          Fix what the admin asks for and press Get Paid again.
        </Text>
      </Alert>
    );
  }
  return null;
}

/**
 * A delivery on the helper dashboard (spec: Delivery card): item name and id, customer, status,
 * the auto-reject countdown (New), vehicle, pickup and destination (cut at 40 characters, the
 * whole address in a title), customer phone, moving date, arrival and show-up time, and the money
 * as a helper reads it: the Total Payout first, the customer's price second. Buttons come from
 * the server's flags only.
 */
export function DeliveryCard({
  delivery: d,
  viewer,
  held,
  allBranches,
  onAction,
  busy = false,
}: TDeliveryCardProps) {
  const act = (action: TDeliveryCardAction) => () => onAction(action, d);
  const nearest = d.can_accept ? nearestBranchLine(d, viewer, allBranches) : null;
  const printable = held && canPrintLetter(d.status_id);

  return (
    <Card
      withBorder
      padding="md"
      data-testid="delivery-card"
      data-delivery-id={d.id}
      data-status={d.status}
      data-items={d.items_name}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <Title order={3} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
              {d.items_name}
            </Title>
            <Text size="sm" c="dimmed">
              #{d.id} · {d.customer.name}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap" justify="flex-end">
            {/* Deliveries are New (1) while the countdown runs, as orders: the shared countdown fits. */}
            <Countdown seconds={d.till_auto_reject} statusId={d.status_id} viewer="company" />
            <DeliveryStatusBadge delivery={d} />
          </Group>
        </Group>

        <Group align="stretch" gap="md" wrap="wrap">
          <SimpleGrid
            cols={{ base: 2, sm: 3, md: 4 }}
            spacing="sm"
            verticalSpacing="xs"
            style={{ flex: '999 1 24rem', minWidth: 0 }}
          >
            <Stat label="Vehicle">{d.vehicle}</Stat>
            <Stat label="Moving date">{formatDeliveryDate(d.arrival_date)}</Stat>
            <Stat label="Arrival time">{arrivalStart(d.arrival_time)}</Stat>
            <Stat label="Show-up time">{showUpWindow(d.show_up_time)}</Stat>
            <Stat label="Pickup" title={d.pickup.full_address} testId="delivery-pickup">
              {cutDeliveryAddress(d.pickup.full_address)}
            </Stat>
            <Stat label="Destination" title={d.destination.full_address} testId="delivery-destination">
              {cutDeliveryAddress(d.destination.full_address)}
            </Stat>
            <Stat label="Customer phone" testId="delivery-phone">
              {d.customer.phone && d.customer.contact_shown ? (
                <Anchor href={`tel:${d.customer.phone.replace(/[^\d+]/g, '')}`} inherit>
                  {d.customer.phone}
                </Anchor>
              ) : (
                (d.customer.phone ?? '—')
              )}
            </Stat>
            <Stat label="Distance">{d.distance_miles} mi</Stat>
          </SimpleGrid>
          <Stack
            gap={0}
            justify="center"
            px="md"
            py="xs"
            className={classes.payout}
            data-testid="delivery-payout"
          >
            <Text size="xs" tt="uppercase" fw={700} c="dark.7">
              Total Payout
            </Text>
            <Text fz={28} fw={800} lh={1.15} c="teal.9">
              {formatMoney(d.invoice.total_payout)}
            </Text>
            <Text size="xs" c="dark.5" style={{ whiteSpace: 'nowrap' }}>
              Customer pays {formatMoney(d.price)}
            </Text>
          </Stack>
        </Group>

        <PayoutState delivery={d} />
        <MoveDayCard delivery={d} />
        {d.cancel_reason && d.status_id === DELIVERY_STATUS.customerCancelled ? (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            Cancelled{d.cancelled_by ? ` by the ${d.cancelled_by}` : ''}: {d.cancel_reason}
          </Text>
        ) : null}

        <Group justify="space-between" gap="xs" wrap="wrap">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconEye size={14} />}
            onClick={act('details')}
          >
            View details
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconStars size={14} />}
            onClick={act('reviews')}
          >
            See reviews
          </Button>
          <Group gap="xs" wrap="wrap" justify="flex-end">
            {/* The acceptor's thread with the customer (decision 031: open from acceptance). */}
            {held && d.status_id !== DELIVERY_STATUS.new ? (
              <ThreadButton target={{ kind: 'delivery', id: d.id }} />
            ) : null}
            {d.canAcceptorReview ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconStar size={14} />}
                onClick={act('review')}
                disabled={busy}
              >
                Review
              </Button>
            ) : null}
            {d.can_reject ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconX size={14} />}
                onClick={act('reject')}
                disabled={busy}
              >
                Reject
              </Button>
            ) : null}
            {d.can_cancel ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconX size={14} />}
                onClick={act('cancel')}
                disabled={busy}
              >
                Cancel delivery
              </Button>
            ) : null}
            {d.canAcceptorArchive ? (
              <Button
                size="xs"
                variant="light"
                color="gray"
                leftSection={<IconArchive size={14} />}
                onClick={act('archive')}
                disabled={busy}
              >
                Remove
              </Button>
            ) : null}
            {printable ? (
              <Button
                size="xs"
                variant="default"
                component="a"
                href={letterPath(d.id)}
                target="_blank"
                // The letter tab needs this tab's session (kept in sessionStorage without "remember
                // me"), which a browser copies only into a tab that keeps its opener.
                rel="opener"
                leftSection={<IconPrinter size={14} />}
              >
                Print for Customer Signature
              </Button>
            ) : null}
            {d.canAcceptorComplete ? (
              <Button
                size="xs"
                color="teal"
                leftSection={<IconCash size={14} />}
                onClick={act('complete')}
                disabled={busy}
              >
                Get Paid
              </Button>
            ) : null}
            {d.can_accept ? (
              <Button
                size="xs"
                color="teal"
                leftSection={<IconCheck size={14} />}
                onClick={act('accept')}
                loading={busy}
              >
                {acceptLabel(d, viewer, allBranches)}
              </Button>
            ) : null}
          </Group>
        </Group>
        {nearest ? (
          <Text size="xs" c="dimmed" ta="right" data-testid="delivery-nearest-branch">
            Nearest branch: {nearest}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
