import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TOrder } from '@haulpro/shared/order-wire';
import { showUpLabel } from '@haulpro/shared/order-wire';
import { ActionIcon, Alert, Button, Card, Collapse, Divider, Group, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArchive,
  IconCalendarEvent,
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconStar,
  IconUserPlus,
  IconUsersGroup,
  IconX,
} from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { dayjs } from '../lib/dayjs.ts';
import parts from './card-parts.module.css';
import { CardStat } from './card-stat.tsx';
import { Countdown } from './countdown.tsx';
import { ThreadButton } from './message-thread/thread-button.tsx';
import { Money } from './money.tsx';
import classes from './order-card.module.css';
import { hireNewHelperUrl } from './order-card-hire.ts';
import { OrderCrew } from './order-crew.tsx';
import { OrderDetails } from './order-details.tsx';
import { StatusBadge } from './status-badge.tsx';

export type TOrderCardAction =
  | 'details'
  | 'accept'
  | 'accept_nearest'
  | 'reject'
  | 'cancel'
  | 'complete'
  | 'reschedule'
  | 'approve_reschedule'
  | 'reject_reschedule'
  | 'archive'
  | 'review'
  | 'reviews'
  | 'assign_crew';

export type TOrderViewer = 'company' | 'customer';

type TOrderCardProps = {
  order: TOrder;
  viewer: TOrderViewer;
  /** Staff on All Branches may accept with the nearest branch (spec: Roles). */
  allBranches?: boolean;
  onAction: (action: TOrderCardAction, order: TOrder) => void;
  /** An action of this order is running: its buttons wait. */
  busy?: boolean;
  /**
   * A side's own line under the header (the customer's move day, live). A function rather than
   * an element, so that a list passing the same one keeps the memoised card from re-rendering.
   */
  renderExtra?: (order: TOrder) => ReactNode;
};

export function formatOrderDate(date: string): string {
  return dayjs(date).format('ddd, MMM D, YYYY');
}

/** The buttons the order's flags allow for this viewer (the UI never guesses). */
function actionsFor(order: TOrder, viewer: TOrderViewer): TOrderCardAction[] {
  const list: TOrderCardAction[] = [];
  if (viewer === 'company') {
    if (order.helperCanAccept && order.can_accept) list.push('accept');
    if (order.helperCanReject && order.can_reject) list.push('reject');
    // Answering needs the request itself (the flag alone has nothing to approve).
    if (order.helperCanRespondToReschedule && order.reschedule_request)
      list.push('approve_reschedule', 'reject_reschedule');
    if (order.helperCanComplete) list.push('complete');
    if (order.helperCanReschedule) list.push('reschedule');
    if (order.helperCanCancel && order.can_cancel) list.push('cancel');
    if (order.helperCanReview) list.push('review');
    if (order.helperCanArchive) list.push('archive');
    if (order.can_assign_crew) list.push('assign_crew');
  } else {
    if (order.customerCanRespondToReschedule && order.reschedule_request)
      list.push('approve_reschedule', 'reject_reschedule');
    if (order.customerCanComplete) list.push('complete');
    if (order.customerCanReschedule) list.push('reschedule');
    if (order.customerCanCancel && order.can_cancel) list.push('cancel');
    if (order.customerCanReview) list.push('review');
    if (order.customerCanArchive) list.push('archive');
  }
  return list;
}

const LABEL: Record<TOrderCardAction, string> = {
  details: 'View details',
  accept: 'Accept',
  accept_nearest: 'Accept with nearest branch',
  reject: 'Reject',
  cancel: 'Cancel order',
  complete: 'Complete',
  reschedule: 'Reschedule',
  approve_reschedule: 'Approve reschedule',
  reject_reschedule: 'Reject reschedule',
  archive: 'Archive',
  review: 'Review',
  reviews: 'See reviews',
  assign_crew: 'Assign crew',
};

/**
 * An order card (spec: Company dashboard and orders): date and id, name or branch with zip,
 * status, the auto-reject countdown, truck number, helpers, hours, phone, moving date, arrival
 * window and price, a pending reschedule with the old price struck through, an expandable
 * details section and the buttons the order's flags allow.
 */
export const OrderCard = memo(function OrderCard({
  order,
  viewer,
  allBranches = false,
  onAction,
  busy = false,
  renderExtra,
}: TOrderCardProps) {
  const [open, details] = useDisclosure(false);
  const phone = viewer === 'customer' ? order.company_phone_number : order.customer_phone;
  const who = viewer === 'customer' ? order.branch_name : order.name;
  const actions = actionsFor(order, viewer);
  const pending = order.reschedule_request?.status === 'pending' ? order.reschedule_request : null;
  const act = (action: TOrderCardAction) => () => onAction(action, order);

  return (
    <Card
      withBorder
      padding="md"
      className={parts.listCard}
      data-testid="order-card"
      data-order-id={order.id}
      data-status={order.status}
      data-arrival-date={order.arrival_date}
      data-arrival-time={order.arrival_time}
    >
      <div className={parts.column}>
        <div className={parts.row}>
          <div className={classes.who}>
            <div className={classes.date}>
              {formatOrderDate(order.arrival_date)} ·{' '}
              <button
                type="button"
                className={`${parts.link} mantine-focus-auto`}
                onClick={act('details')}
                aria-label={`Open order #${order.id}`}
              >
                #{order.id}
              </button>
            </div>
            {/* The name (staff) or branch (customer) opens the order reviews modal (spec). */}
            <button
              type="button"
              className={`${parts.link} ${classes.name} mantine-focus-auto`}
              onClick={act('reviews')}
              data-testid="order-reviews-link"
            >
              {who} <span className={classes.zip}>{order.zip_code}</span>
              <span className={parts.srOnly}> — see reviews</span>
            </button>
          </div>
          <div className={parts.end}>
            <Countdown seconds={order.till_auto_reject} statusId={order.status_id} viewer={viewer} />
            <StatusBadge statusId={order.status_id} label={order.status} />
          </div>
        </div>
        {renderExtra?.(order)}

        <div className={parts.stats}>
          <CardStat label="Truck">{order.truck_number || '—'}</CardStat>
          <CardStat label="Helpers">{order.helpers_count}</CardStat>
          <CardStat label="Hours">{order.hours_count}</CardStat>
          <CardStat label="Phone" testId="order-phone">
            {phone ?? '—'}
          </CardStat>
          <CardStat label="Moving date">{dayjs(order.arrival_date).format('MMM D, YYYY')}</CardStat>
          <CardStat label="Arrival window">
            {showUpLabel(order.arrival_time).replace('Arrival between ', '')}
          </CardStat>
          <CardStat label="Price" testId="order-price">
            {pending && order.old_order_price !== null ? (
              <Money amount={order.old_order_price} struck fw={600} />
            ) : (
              <Money amount={order.order_price} fw={700} />
            )}
          </CardStat>
        </div>

        {pending ? (
          <Alert
            color="orange"
            variant="light"
            p="xs"
            icon={<IconCalendarEvent size={18} />}
            data-testid="order-reschedule"
          >
            <Text size="sm">
              {pending.requested_by === 'customer' ? 'Customer' : 'Company'} asks to move it to{' '}
              <b>{formatOrderDate(pending.requested_date)}</b>, {showUpLabel(pending.requested_time)} for{' '}
              {order.old_order_price !== null ? (
                <>
                  <Money amount={order.old_order_price} struck />{' '}
                </>
              ) : null}
              <Money amount={pending.price} fw={700} data-testid="order-new-price" />
            </Text>
            {pending.note ? (
              <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                Note: {pending.note}
              </Text>
            ) : null}
          </Alert>
        ) : null}

        {order.crew.length > 0 ? <OrderCrew crew={order.crew} /> : null}

        <Collapse expanded={open} keepMounted={false}>
          <Divider mb="sm" />
          <OrderDetails order={order} />
        </Collapse>

        <div className={`${parts.row} ${parts.centered}`}>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={details.toggle}
            rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            aria-expanded={open}
          >
            {open ? 'Hide details' : 'Show details'}
          </Button>
          <div className={parts.end}>
            {/* The thread opens at New: Waiting for Payment has no provider yet (decision 031). */}
            {order.status_id !== ORDER_STATUS.waitingForPayment ? (
              <ThreadButton target={{ kind: 'order', id: order.id }} />
            ) : null}
            {actions.map((action) =>
              action === 'accept' && allBranches ? (
                <Group key={action} gap={0} wrap="nowrap">
                  <Button
                    size="xs"
                    color="teal"
                    leftSection={<IconCheck size={14} />}
                    onClick={act('accept')}
                    loading={busy}
                    style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
                  >
                    Accept
                  </Button>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        size={30}
                        color="teal"
                        variant="filled"
                        aria-label="More accept options"
                        disabled={busy}
                        style={{
                          borderTopLeftRadius: 0,
                          borderBottomLeftRadius: 0,
                          borderLeft: '1px solid var(--mantine-color-teal-3)',
                        }}
                      >
                        <IconChevronDown size={14} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={act('accept_nearest')}>Accept with nearest branch</Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              ) : (
                <Button
                  key={action}
                  size="xs"
                  variant={
                    action === 'accept' ||
                    action === 'complete' ||
                    action === 'approve_reschedule' ||
                    action === 'review'
                      ? 'filled'
                      : 'light'
                  }
                  color={
                    action === 'reject' || action === 'cancel' || action === 'reject_reschedule'
                      ? 'red'
                      : action === 'archive'
                        ? 'gray'
                        : action === 'assign_crew'
                          ? 'indigo'
                          : action === 'review'
                            ? 'blue'
                            : 'teal'
                  }
                  leftSection={
                    action === 'archive' ? (
                      <IconArchive size={14} />
                    ) : action === 'review' ? (
                      <IconStar size={14} />
                    ) : action === 'reject' || action === 'cancel' || action === 'reject_reschedule' ? (
                      <IconX size={14} />
                    ) : action === 'reschedule' ? (
                      <IconCalendarEvent size={14} />
                    ) : action === 'assign_crew' ? (
                      <IconUsersGroup size={14} />
                    ) : (
                      <IconCheck size={14} />
                    )
                  }
                  onClick={act(action)}
                  disabled={busy}
                >
                  {LABEL[action]}
                </Button>
              ),
            )}
            {viewer === 'customer' && order.customerCanHireNewHelper ? (
              <Button
                size="xs"
                variant="outline"
                component={Link}
                to={hireNewHelperUrl(order)}
                leftSection={<IconUserPlus size={14} />}
              >
                Hire a new helper
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </Card>
  );
});
