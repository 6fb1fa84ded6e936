import { BREAKPOINTS } from '@haulpro/shared/constants';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { showUpLabel, type TOrder, type TOrderParty } from '@haulpro/shared/order-wire';
import { Button, Center, Divider, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconStar, IconStars } from '@tabler/icons-react';
import { ItemPhotos, type TPhotoViewer, usePhotoViewer } from '../../../components/item-photos.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ThreadButton } from '../../../components/message-thread/thread-button.tsx';
import { useThreadParam } from '../../../components/message-thread/thread-param.ts';
import { Money } from '../../../components/money.tsx';
import { formatOrderDate } from '../../../components/order-card.tsx';
import { OrderDetails } from '../../../components/order-details.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useOrder } from '../api/get-order.ts';
import { CustomerJobSection, hasJob } from './customer-job-section.tsx';
import { canReview, orderReviews, reviewSubject } from './order-review-subject.ts';
import { OrderReviewsSection } from './order-reviews-section.tsx';

/** The order modal is 800x660 on desktop and full screen on phones (spec section 9). */
const WIDTH = 800;
const HEIGHT = 660;
const XS_QUERY = `(max-width: ${(BREAKPOINTS.sm - 0.2) / 16}em)`;

function Invoice({ order }: { order: TOrder }) {
  const inv = order.invoice;
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="order-invoice">
      <Table.Tbody>
        {/* The API sends every line of the price; they sum to the total. */}
        {inv.lines.map((line) => (
          <Table.Tr key={line.kind} data-testid={line.kind === 'coupon' ? 'order-invoice-coupon' : undefined}>
            <Table.Td>
              {line.kind === 'labor' ? (
                <>
                  Hourly ({inv.hours_count} h × <Money amount={inv.hourly} />)
                </>
              ) : (
                line.label
              )}
            </Table.Td>
            <Table.Td ta="right">
              {line.amount < 0 ? '−' : null}
              <Money amount={Math.abs(line.amount)} />
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Table.Td fw={700}>Total</Table.Td>
          <Table.Td ta="right" fw={700}>
            <Money amount={inv.total} />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

type TOrderReviewActions = {
  /** Opens the review modal; shown only when the order's flag allows a review. */
  onReview?: (order: TOrder) => void;
  /** Opens the reviews list of the customer (staff) or the branch (customer). */
  onSeeReviews?: (order: TOrder) => void;
};

function ReviewButtons({
  order,
  party,
  onReview,
  onSeeReviews,
}: TOrderReviewActions & { order: TOrder; party: TOrderParty }) {
  const review = onReview && canReview(order, party);
  if (!review && !onSeeReviews) return null;
  return (
    <Group gap="xs" wrap="wrap">
      {review ? (
        <Button size="xs" leftSection={<IconStar size={14} />} onClick={() => onReview(order)}>
          Review
        </Button>
      ) : null}
      {onSeeReviews ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconStars size={14} />}
          onClick={() => onSeeReviews(order)}
          maw="100%"
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          Reviews of {reviewSubject(order, party)}
        </Button>
      ) : null}
    </Group>
  );
}

function OrderBody({
  order,
  party,
  fullScreen,
  photoViewer,
  onReview,
  onSeeReviews,
}: TOrderReviewActions & {
  order: TOrder;
  party: TOrderParty;
  fullScreen: boolean;
  photoViewer: TPhotoViewer;
}) {
  const phone = party === 'customer' ? order.company_phone_number : order.customer_phone;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={700}>
            {formatOrderDate(order.arrival_date)} · {showUpLabel(order.arrival_time)}
          </Text>
          <Text size="sm" c="dimmed">
            {party === 'customer' ? `${order.company_name} · ${order.branch_name}` : order.branch_name}
            {phone ? ` · ${phone}` : ''}
          </Text>
        </Stack>
        <StatusBadge statusId={order.status_id} label={order.status} />
      </Group>
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          Truck: <b>{order.truck_number ?? '—'}</b>
        </Text>
        <Text size="sm">
          Helpers: <b>{order.helpers_count}</b>
        </Text>
        <Text size="sm">
          Hours: <b>{order.hours_count}</b>
        </Text>
      </Group>
      {order.cancel_reason ? (
        <Text size="sm" c="red.7" style={{ overflowWrap: 'anywhere' }}>
          Cancelled{order.cancelled_by ? ` by ${order.cancelled_by}` : ''}: {order.cancel_reason}
        </Text>
      ) : null}
      <Group gap="xs" wrap="wrap">
        {order.status_id !== ORDER_STATUS.waitingForPayment ? (
          <ThreadButton target={{ kind: 'order', id: order.id }} />
        ) : null}
        <ReviewButtons order={order} party={party} onReview={onReview} onSeeReviews={onSeeReviews} />
      </Group>
      {party === 'customer' && hasJob(order) ? <CustomerJobSection order={order} /> : null}
      <Divider label="Details" labelPosition="left" />
      <OrderDetails order={order} cutHeavyItems={false} />
      {order.item_photos.length > 0 ? (
        <>
          <Divider label="Item photos" labelPosition="left" />
          <ItemPhotos
            photos={order.item_photos}
            viewer={photoViewer}
            fullScreen={fullScreen}
            data-testid="order-item-photos"
          />
        </>
      ) : null}
      <Divider label="Invoice" labelPosition="left" />
      <Invoice order={order} />
      <OrderReviewsSection reviews={orderReviews(order)} />
    </Stack>
  );
}

type TOrderDetailModalProps = TOrderReviewActions & {
  party: TOrderParty;
  orderId: number | null;
  onClose: () => void;
};

/** The order detail modal with every field and the invoice (spec: Modals). */
export function OrderDetailModal({
  party,
  orderId,
  onClose,
  onReview,
  onSeeReviews,
}: TOrderDetailModalProps) {
  const phone = useMediaQuery(XS_QUERY);
  const query = useOrder(party, orderId);
  // While a photo is open full size, Escape closes the photo, not the order.
  const photoViewer = usePhotoViewer(orderId);
  // The order's thread opens above it: Escape then closes the thread only.
  const threadOpen = useThreadParam().target !== null;
  return (
    <Modal
      opened={orderId !== null}
      onClose={photoViewer.closeFirst(onClose)}
      closeOnEscape={!threadOpen}
      title={`Order #${orderId}`}
      styles={{
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' },
        content: phone ? undefined : { maxHeight: HEIGHT },
      }}
      size={WIDTH}
      fullScreen={phone}
      centered
      scrollAreaComponent={ScrollArea.Autosize}
      data-testid="order-detail-modal"
    >
      {query.isPending ? (
        <Center h={200}>
          <Loader />
        </Center>
      ) : query.isError ? (
        <LoadError what="this order" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <OrderBody
          order={query.data}
          party={party}
          fullScreen={phone}
          photoViewer={photoViewer}
          onReview={onReview}
          onSeeReviews={onSeeReviews}
        />
      )}
    </Modal>
  );
}
