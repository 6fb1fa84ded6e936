import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Button, Group } from '@mantine/core';
import { IconArchive, IconCircleCheck, IconStar, IconUserPlus, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';

export type TCustomerDeliveryAction = 'details' | 'cancel' | 'complete' | 'archive' | 'review' | 'reviews';

/** Where "Hire a new helper" goes: the delivery booking page (spec: for deliveries, when archived). */
export const HIRE_NEW_HELPER_URL = '/delivery';

/** The steps the delivery's flags allow the customer, in the order they matter (the UI never guesses). */
export function customerActions(d: TDeliveryView): Exclude<TCustomerDeliveryAction, 'details' | 'reviews'>[] {
  const list: Exclude<TCustomerDeliveryAction, 'details' | 'reviews'>[] = [];
  if (d.canCustomerComplete) list.push('complete');
  if (d.canCustomerReview) list.push('review');
  if (d.canCustomerCancel && d.can_cancel) list.push('cancel');
  if (d.canCustomerArchive) list.push('archive');
  return list;
}

type TDeliveryActionButtonsProps = {
  delivery: TDeliveryView;
  onAction: (action: TCustomerDeliveryAction, delivery: TDeliveryView) => void;
  busy?: boolean;
};

/** Confirm delivery, Cancel delivery, Archive and Hire a new helper, each only where allowed. */
export function DeliveryActionButtons({ delivery, onAction, busy = false }: TDeliveryActionButtonsProps) {
  const actions = customerActions(delivery);
  if (actions.length === 0 && !delivery.isArchived) return null;
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {actions.map((action) =>
        action === 'complete' ? (
          <Button
            key={action}
            size="sm"
            color="teal"
            leftSection={<IconCircleCheck size={16} />}
            onClick={() => onAction('complete', delivery)}
            loading={busy}
          >
            Confirm delivery
          </Button>
        ) : action === 'review' ? (
          <Button
            key={action}
            size="sm"
            variant="light"
            leftSection={<IconStar size={16} />}
            onClick={() => onAction('review', delivery)}
            disabled={busy}
          >
            Review
          </Button>
        ) : action === 'cancel' ? (
          <Button
            key={action}
            size="sm"
            variant="light"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => onAction('cancel', delivery)}
            disabled={busy}
          >
            Cancel delivery
          </Button>
        ) : (
          <Button
            key={action}
            size="sm"
            variant="light"
            color="gray"
            leftSection={<IconArchive size={16} />}
            onClick={() => onAction('archive', delivery)}
            loading={busy}
          >
            Archive
          </Button>
        ),
      )}
      {delivery.isArchived ? (
        <Button
          size="sm"
          variant="outline"
          component={Link}
          to={HIRE_NEW_HELPER_URL}
          leftSection={<IconUserPlus size={16} />}
        >
          Hire a new helper
        </Button>
      ) : null}
    </Group>
  );
}
