import { BREAKPOINTS } from '@haulpro/shared/constants';
import { DELIVERY_NO_NOTES, DELIVERY_STATUS } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconLock, IconMapPin, IconPrinter, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeliveryInvoice } from '../../../components/delivery/delivery-invoice.tsx';
import { DeliveryItemsTable } from '../../../components/delivery/delivery-items-table.tsx';
import { DeliveryStatusBadge } from '../../../components/delivery/delivery-status-badge.tsx';
import { ItemPhotos, type TPhotoViewer, usePhotoViewer } from '../../../components/item-photos.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useDelivery } from '../api/get-delivery.ts';
import { canPrintLetter, formatDeliveryDate, letterPath, showUpWindow } from '../lib/delivery-format.ts';
import {
  acceptLabel,
  nearestBranchLine,
  PayoutState,
  type TDeliveryCardAction,
  type THelperViewer,
} from './delivery-card.tsx';
import { MoveDayCard } from './move-day-card.tsx';

/** The delivery modal is 1200 wide (spec section 9) and full screen below sm. */
const WIDTH = 1200;
const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.sm - 0.2) / 16}em)`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" fw={700}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Field({
  label,
  children,
  blurred = false,
}: {
  label: string;
  children: ReactNode;
  blurred?: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={{ base: 92, sm: 120 }} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {blurred ? (
        <>
          {/* The API withholds the contact while bidding; what it sends is blurred, not read out. */}
          <Text
            size="sm"
            fw={500}
            aria-hidden
            style={{ filter: 'blur(5px)', userSelect: 'none', overflowWrap: 'anywhere', minWidth: 0 }}
            data-blurred="true"
          >
            {children}
          </Text>
          <VisuallyHidden>Hidden until you accept</VisuallyHidden>
        </>
      ) : (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {children}
        </Text>
      )}
    </Group>
  );
}

function Address({ address }: { address: TDeliveryView['pickup'] }) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {address.full_address}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" pl={22}>
        {address.type_property}
        {address.flights_of_stairs > 0
          ? ` · ${address.flights_of_stairs} flight${address.flights_of_stairs === 1 ? '' : 's'} of stairs`
          : ' · no stairs'}
      </Text>
    </Stack>
  );
}

function CustomerInfo({ delivery }: { delivery: TDeliveryView }) {
  const hidden = delivery.can_accept || !delivery.customer.contact_shown;
  const c = delivery.customer;
  return (
    <Section title="Customer">
      <Paper
        withBorder
        p="sm"
        radius="md"
        data-testid="delivery-customer"
        data-contact={hidden ? 'hidden' : 'shown'}
      >
        <Stack gap={4}>
          <Field label="Name">{c.full_name}</Field>
          <Field label="Phone" blurred={hidden}>
            {c.phone ?? '+1 (000) - 000 - 0000'}
          </Field>
          <Field label="Email" blurred={hidden}>
            {c.email ?? 'customer@example.com'}
          </Field>
          <Field label="Secondary phone" blurred={hidden && c.secondary_phone !== null}>
            {c.secondary_phone ?? '—'}
          </Field>
          {hidden ? (
            <Group gap={6} mt={4} c="dark.4">
              <IconLock size={14} />
              <Text size="xs" fw={600}>
                Shown once you accept
              </Text>
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </Section>
  );
}

type TBodyProps = {
  delivery: TDeliveryView;
  viewer: THelperViewer;
  allBranches: boolean;
  held: boolean;
  fullScreen: boolean;
  photoViewer: TPhotoViewer;
};

function DeliveryBody({ delivery: d, viewer, allBranches, held, fullScreen, photoViewer }: TBodyProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
            {d.items_name}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDeliveryDate(d.arrival_date)} · {showUpWindow(d.show_up_time)} · {d.vehicle}
          </Text>
        </Stack>
        <DeliveryStatusBadge delivery={d} />
      </Group>
      <PayoutState delivery={d} />
      <MoveDayCard delivery={d} />
      {nearestBranchLine(d, viewer, allBranches) && d.can_accept ? (
        <Text size="sm">
          Accepting assigns your nearest branch: <b>{nearestBranchLine(d, viewer, allBranches)}</b>
        </Text>
      ) : null}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }} miw={0}>
          <Stack gap="lg">
            <CustomerInfo delivery={d} />
            <Section title="Pickup address">
              <Address address={d.pickup} />
              {d.is_home_move ? (
                <Badge variant="light" color="gray" w="fit-content">
                  In-home pickup
                </Badge>
              ) : null}
            </Section>
            <Section title="Destination address">
              <Address address={d.destination} />
            </Section>
            <Section title="Distance">
              <Text size="sm" fw={500}>
                {d.distance_miles} mi
              </Text>
            </Section>
            <Section title="Notes">
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="delivery-notes"
              >
                {d.notes?.trim() ? d.notes : DELIVERY_NO_NOTES}
              </Text>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} miw={0}>
          <Stack gap="lg">
            <Section title="Items">
              <DeliveryItemsTable items={d.items} />
            </Section>
            <Section title="Images">
              {d.images.length === 0 ? (
                <Text size="sm">No photos.</Text>
              ) : (
                <ItemPhotos
                  photos={d.images.map((image) => image.path)}
                  viewer={photoViewer}
                  fullScreen={fullScreen}
                  data-testid="delivery-images"
                />
              )}
            </Section>
            <Section title="Invoice">
              <Paper withBorder p="sm" radius="md">
                <DeliveryInvoice invoice={d.invoice} viewer="helper" />
              </Paper>
            </Section>
            {held && canPrintLetter(d.status_id) ? (
              <Button
                variant="default"
                component="a"
                href={letterPath(d.id)}
                target="_blank"
                rel="opener"
                leftSection={<IconPrinter size={16} />}
                w="fit-content"
              >
                Print for Customer Signature
              </Button>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

type TDeliveryDetailsModalProps = {
  deliveryId: number | null;
  viewer: THelperViewer;
  /** A company on All branches (accept assigns the nearest branch). */
  allBranches: boolean;
  /** A company's branch-level view: it cannot accept new biddings (spec), whatever the detail says. */
  branchView: boolean;
  /** Opened from the Accepted tab: the viewer holds it. */
  held: boolean;
  onClose: () => void;
  /** Accept, Reject or Cancel; the modal closes first (spec: "Each closes the modal"). */
  onAction: (action: TDeliveryCardAction, delivery: TDeliveryView) => void;
};

/**
 * The helper's delivery details (spec: Delivery details modal): customer info (contact blurred
 * while it can still be accepted), pickup and destination, notes, items, images, the invoice
 * (Base Price, Processing Fee, optional Tip, Total Payout) and distance, with Cancel, Reject and
 * Accept as the flags allow.
 */
export function DeliveryDetailsModal({
  deliveryId,
  viewer,
  allBranches,
  branchView,
  held,
  onClose,
  onAction,
}: TDeliveryDetailsModalProps) {
  const fullScreen = useMediaQuery(PHONE_QUERY) ?? false;
  const query = useDelivery(deliveryId);
  // While a photo is open full size, Escape closes the photo, not the delivery.
  const photoViewer = usePhotoViewer(deliveryId);
  const d = query.data;
  // The detail call knows nothing of the branch view, so the list's rule is applied here too.
  const canAccept = !!d?.can_accept && !branchView;
  const act = (action: TDeliveryCardAction) => () => {
    if (!d) return;
    onClose();
    onAction(action, d);
  };
  const footer =
    d && (d.can_cancel || d.can_reject || canAccept) ? (
      <Group justify="flex-end" gap="sm" wrap="wrap">
        {d.can_cancel ? (
          <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={act('cancel')}>
            Cancel delivery
          </Button>
        ) : null}
        {d.can_reject ? (
          <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={act('reject')}>
            Reject
          </Button>
        ) : null}
        {canAccept ? (
          <Button color="teal" leftSection={<IconCheck size={16} />} onClick={act('accept')}>
            {acceptLabel(d, viewer, allBranches)}
          </Button>
        ) : null}
      </Group>
    ) : null;

  return (
    <Modal
      opened={deliveryId !== null}
      onClose={photoViewer.closeFirst(onClose)}
      title={`Delivery #${deliveryId ?? ''}`}
      size={WIDTH}
      fullScreen={fullScreen}
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="delivery-details-modal"
    >
      {query.isPending ? (
        <Center h={240}>
          <Loader />
        </Center>
      ) : query.isError ? (
        <LoadError
          what="this delivery"
          error={query.error}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Stack gap="lg">
          <DeliveryBody
            delivery={query.data}
            viewer={viewer}
            allBranches={allBranches}
            held={held}
            fullScreen={fullScreen}
            photoViewer={photoViewer}
          />
          {branchView && query.data.status_id === DELIVERY_STATUS.new && query.data.can_reject ? (
            <Alert color="blue" variant="light" p="xs">
              <Text size="sm">
                A branch-level view cannot accept new biddings. Switch to All branches to accept it.
              </Text>
            </Alert>
          ) : null}
          {footer ? (
            // The actions stay in view while the details scroll (the modal's content scrolls).
            <Box
              pos="sticky"
              bottom={0}
              py="sm"
              bg="var(--mantine-color-body)"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 1 }}
            >
              {footer}
            </Box>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
