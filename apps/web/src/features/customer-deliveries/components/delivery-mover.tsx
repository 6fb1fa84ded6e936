import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';

export const WAITING_FOR_HELPER = 'Waiting for a helper to accept';

/** A phone number as a link that dials it (customers call their helper from the phone). */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Anchor
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      size="sm"
      fw={500}
      data-testid="delivery-mover-phone"
    >
      {phone}
    </Anchor>
  );
}

/** What to say where the mover would be, before anyone holds the delivery. */
function noMoverText(d: TDeliveryView): string {
  if (d.status_id === DELIVERY_STATUS.waitingForPayment)
    return 'Bidding opens once your payment goes through';
  if (d.status_id === DELIVERY_STATUS.new && !d.is_expired) return WAITING_FOR_HELPER;
  return 'No helper';
}

type TDeliveryMoverProps = {
  delivery: TDeliveryView;
  /** The details modal adds the helper's address or their company page. */
  detailed?: boolean;
};

/**
 * The mover (spec: acceptor name and phone once accepted; the details add the address, or the
 * company page for a company).
 */
export function DeliveryMover({ delivery, detailed = false }: TDeliveryMoverProps) {
  const a = delivery.acceptor;
  if (!a) {
    return (
      <Text size="sm" c="dimmed" fs="italic" data-testid="delivery-mover">
        {noMoverText(delivery)}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="delivery-mover" style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {a.name}
      </Text>
      {a.phone ? <PhoneLink phone={a.phone} /> : null}
      {detailed && a.kind === 'labor' && a.address ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {a.address}
        </Text>
      ) : null}
      {detailed && a.kind === 'company' && a.slug ? (
        <Anchor
          component={Link}
          to={`/profile/${a.slug}`}
          size="sm"
          target="_blank"
          rel="noopener"
          data-testid="delivery-mover-page"
        >
          View company page <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} aria-hidden />
        </Anchor>
      ) : null}
    </Stack>
  );
}
