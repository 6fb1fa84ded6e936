import { BREAKPOINTS } from '@haulpro/shared/constants';
import { DELIVERY_NO_NOTES } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Alert, Center, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeliveryInvoice } from '../../../components/delivery/delivery-invoice.tsx';
import { DeliveryItemsTable } from '../../../components/delivery/delivery-items-table.tsx';
import { DeliveryStatusBadge } from '../../../components/delivery/delivery-status-badge.tsx';
import { ItemPhotos, type TPhotoViewer, usePhotoViewer } from '../../../components/item-photos.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Money } from '../../../components/money.tsx';
import { useCustomerDelivery } from '../api/get-customer-delivery.ts';
import { CopyAddressButton } from './copy-address-button.tsx';
import { formatDeliveryDate } from './customer-delivery-card.tsx';
import { DeliveryActionButtons, type TCustomerDeliveryAction } from './delivery-actions.tsx';
import { DeliveryMoveDayStatus } from './delivery-move-day-status.tsx';
import { DeliveryMover } from './delivery-mover.tsx';
import { DeliveryStatusNote } from './delivery-status-note.tsx';

/** The delivery modal is 1200 wide (spec section 9) and full screen below sm. */
const WIDTH = 1200;
const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.sm - 0.2) / 16}em)`;
/** Spec: the empty state of delivery notes. */
export const NO_NOTES = DELIVERY_NO_NOTES;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="xs">
        <Text component="h3" m={0} fw={700} fz="sm" tt="uppercase" c="gray.7" lts={0.3}>
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function AddressLines({ a }: { a: TDeliveryView['pickup'] }) {
  const stairs = a.flights_of_stairs === 0 ? 'No stairs' : `${a.flights_of_stairs} flight(s) of stairs`;
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {a.full_address}
      </Text>
      <Text size="xs" c="dimmed">
        {a.type_property} · {stairs}
      </Text>
    </Stack>
  );
}

type TDetailsBodyProps = {
  delivery: TDeliveryView;
  onAction: (action: TCustomerDeliveryAction, delivery: TDeliveryView) => void;
  busy: boolean;
  fullScreen: boolean;
  photoViewer: TPhotoViewer;
};

function DetailsBody({ delivery: d, onAction, busy, fullScreen, photoViewer }: TDetailsBodyProps) {
  const payment = d.payment_method === 'cash' ? 'Cash' : d.paid ? 'Card (paid)' : 'Card (not paid yet)';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Text
            fw={700}
            fz="lg"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="delivery-details-items-name"
          >
            {d.items_name}
          </Text>
          <Group gap="xs" wrap="wrap">
            <DeliveryStatusBadge delivery={d} />
            <Text size="sm" c="dimmed">
              {formatDeliveryDate(d.arrival_date)} · {d.show_up_time}
            </Text>
          </Group>
        </Stack>
        <Stack gap={0} align="flex-end" style={{ marginLeft: 'auto' }}>
          <Text size="xs" c="dimmed" fw={600}>
            Total
          </Text>
          <Money amount={d.invoice.total_price} fz={26} fw={800} lh={1.1} />
        </Stack>
      </Group>

      <DeliveryStatusNote delivery={d} />
      <DeliveryMoveDayStatus delivery={d} photos />
      {d.expired_tooltip ? (
        // The badge's tooltip sits below this dialog's layer: say it here in full.
        <Alert
          variant="light"
          color="red"
          p="xs"
          icon={<IconInfoCircle size={18} />}
          data-testid="delivery-expired-note"
        >
          {d.expired_tooltip}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <Stack gap="md">
          <Section title="Mover" testId="delivery-details-mover">
            <DeliveryMover delivery={d} detailed />
          </Section>
          <Section
            title={d.is_home_move ? 'In-home pickup address' : 'Pickup address'}
            testId="delivery-details-pickup"
          >
            <AddressLines a={d.pickup} />
          </Section>
          <Section title="Destination" testId="delivery-details-destination">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <AddressLines a={d.destination} />
              <CopyAddressButton value={d.destination.full_address} label="Copy destination address" />
            </Group>
          </Section>
          <Section title="Notes" testId="delivery-details-notes">
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {d.notes?.trim() ? d.notes : NO_NOTES}
            </Text>
          </Section>
        </Stack>
        <Stack gap="md">
          <Section title="Other info" testId="delivery-details-other">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
              <Field label="Vehicle">{d.vehicle}</Field>
              <Field label="Distance">{d.distance_miles} mi</Field>
              <Field label="Payment method">{payment}</Field>
              <Field label="Date">{formatDeliveryDate(d.arrival_date)}</Field>
              <Field label="Show-up time">{d.show_up_time}</Field>
              <Field label="Booked">{formatDeliveryDate(d.created_at)}</Field>
            </SimpleGrid>
          </Section>
          <Section title="Invoice">
            <DeliveryInvoice invoice={d.invoice} viewer="customer" />
          </Section>
          {d.cancel_reason ? (
            <Section title="Cancellation" testId="delivery-details-cancellation">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {d.cancelled_by === 'customer' ? 'You cancelled it' : 'Cancelled by the helper'}:{' '}
                {d.cancel_reason}
              </Text>
            </Section>
          ) : null}
        </Stack>
      </SimpleGrid>

      <Section title="Item info" testId="delivery-details-items">
        <DeliveryItemsTable items={d.items} />
      </Section>
      <Section title="Images">
        {d.images.length === 0 ? (
          <Text size="sm">No photos were added.</Text>
        ) : (
          <ItemPhotos
            photos={d.images.map((image) => image.path)}
            viewer={photoViewer}
            fullScreen={fullScreen}
            data-testid="delivery-images"
          />
        )}
      </Section>

      <DeliveryActionButtons delivery={d} onAction={onAction} busy={busy} />
    </Stack>
  );
}

type TCustomerDeliveryDetailsModalProps = {
  deliveryId: number | null;
  onClose: () => void;
  onAction: (action: TCustomerDeliveryAction, delivery: TDeliveryView) => void;
  busy: boolean;
};

/**
 * The customer's delivery details (spec: Customer screens): mover, pickup or in-home address,
 * notes, destination with a copy button, items, other info, images, the invoice and the same
 * buttons as the card. It loads the delivery itself, so photo links are fresh when opened.
 */
export function CustomerDeliveryDetailsModal({
  deliveryId,
  onClose,
  onAction,
  busy,
}: TCustomerDeliveryDetailsModalProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const query = useCustomerDelivery(deliveryId);
  // While a photo is open full size, Escape closes the photo, not the delivery.
  const photoViewer = usePhotoViewer(deliveryId);
  return (
    <Modal
      opened={deliveryId !== null}
      onClose={photoViewer.closeFirst(onClose)}
      title={`Delivery #${deliveryId ?? ''}`}
      size={WIDTH}
      fullScreen={phone}
      centered
      // Native scrolling: the Autosize scroll area grows to the items table's width on a phone
      // instead of letting the table scroll in its own box.
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      data-testid="delivery-details-modal"
    >
      {query.isPending ? (
        <Center h={200}>
          <Loader />
        </Center>
      ) : query.isError ? (
        <LoadError what="this delivery" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <DetailsBody
          delivery={query.data}
          onAction={onAction}
          busy={busy}
          fullScreen={phone ?? false}
          photoViewer={photoViewer}
        />
      )}
    </Modal>
  );
}
