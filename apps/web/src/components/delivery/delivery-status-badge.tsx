import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Badge, type MantineColor, Tooltip } from '@mantine/core';

/** A colour per delivery status id: waiting yellow, new blue, accepted teal, review violet, done green. */
const COLOR: Record<number, MantineColor> = {
  0: 'yellow',
  1: 'blue',
  2: 'teal',
  3: 'red',
  4: 'violet',
  5: 'green',
};

type TDeliveryStatusBadgeProps = {
  delivery: Pick<TDeliveryView, 'status' | 'status_id' | 'is_expired' | 'expired_tooltip'>;
};

/**
 * The delivery's status as the server labels it ('Expired – No Company Accepted' and 'Payment
 * Review in Progress' included). An expired delivery carries the spec's tooltip when the server
 * sends one (customers), reachable by keyboard too.
 */
export function DeliveryStatusBadge({ delivery }: TDeliveryStatusBadgeProps) {
  const badge = (
    <Badge
      color={delivery.is_expired ? 'red' : (COLOR[delivery.status_id] ?? 'gray')}
      variant="light"
      radius="sm"
      data-testid="delivery-status"
      tabIndex={delivery.expired_tooltip ? 0 : undefined}
      style={{ textTransform: 'none', maxWidth: '100%' }}
    >
      {delivery.status}
    </Badge>
  );
  if (!delivery.expired_tooltip) return badge;
  return (
    <Tooltip
      label={delivery.expired_tooltip}
      multiline
      w={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      {badge}
    </Tooltip>
  );
}
