import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Alert } from '@mantine/core';
import {
  IconCash,
  IconFileCheck,
  IconHourglass,
  IconInfoCircle,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { refundNote } from '../lib/refund-note.ts';

/** Why Confirm delivery is there (the payout waits for the customer's word). */
export const CONFIRM_EXPLAINED =
  'Your helper submitted the signed delivery letter. Confirm the delivery to release their payout.';
const REVIEW_EXPLAINED =
  'Your helper submitted the signed delivery letter. We are checking it; then you will be asked to confirm the delivery.';

/**
 * The one line a customer needs beside the status: what to do next (confirm), what is going on
 * (the payout review) or what happened to the money after a cancel. Nothing otherwise.
 */
export function DeliveryStatusNote({ delivery }: { delivery: TDeliveryView }) {
  if (delivery.canCustomerComplete) {
    return (
      <Alert
        variant="light"
        color="teal"
        p="xs"
        icon={<IconFileCheck size={18} />}
        data-testid="delivery-note"
      >
        {CONFIRM_EXPLAINED}
      </Alert>
    );
  }
  if (delivery.status_id === DELIVERY_STATUS.waitingForComplete) {
    return (
      <Alert
        variant="light"
        color="violet"
        p="xs"
        icon={<IconHourglass size={18} />}
        data-testid="delivery-note"
      >
        {REVIEW_EXPLAINED}
      </Alert>
    );
  }
  const refund = refundNote(delivery.refund);
  if (refund) {
    return (
      <Alert
        variant="light"
        color={refund.tone === 'refund' ? 'teal' : refund.tone === 'none' ? 'gray' : 'orange'}
        p="xs"
        icon={
          refund.tone === 'refund' ? (
            <IconReceiptRefund size={18} />
          ) : refund.tone === 'none' ? (
            <IconCash size={18} />
          ) : (
            <IconInfoCircle size={18} />
          )
        }
        data-testid="delivery-refund"
      >
        {refund.text}
      </Alert>
    );
  }
  return null;
}
