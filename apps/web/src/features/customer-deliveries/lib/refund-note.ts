import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { formatMoney } from '../../../components/money.tsx';

export type TRefundNote = { text: string; tone: 'refund' | 'none' | 'problem' };

/**
 * What happened to the customer's money after a cancel, in their words (decision 017): a card
 * payment is refunded in full (pending until the provider confirms, then refunded: to the
 * customer both are "on its way", banks take days), cash was never charged.
 */
export function refundNote(refund: TDeliveryView['refund']): TRefundNote | null {
  if (!refund) return null;
  switch (refund.status) {
    case 'pending':
    case 'refunded':
      return { text: `Full refund of ${formatMoney(refund.amount)} on its way to your card`, tone: 'refund' };
    case 'nothing_to_refund':
      return { text: 'Nothing was charged', tone: 'none' };
    case 'failed':
      return {
        text: `The refund of ${formatMoney(refund.amount)} to your card has not gone through yet. We keep trying automatically.`,
        tone: 'problem',
      };
  }
}
