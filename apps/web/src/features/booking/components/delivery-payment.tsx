import { PaymentCards, type TPaymentMethod } from './payment-cards.tsx';

const TEXTS = {
  cash: 'Pay your helper when the delivery is done. It opens for bidding at once.',
  card: 'Pay securely online now. It opens for bidding once paid.',
  noCard: 'Card payment is not available yet; you pay your helper in cash.',
};

type TDeliveryPaymentProps = {
  value: TPaymentMethod;
  onChange: (value: TPaymentMethod) => void;
  /** Whether the server takes cards (null: not known yet). */
  cardAvailable: boolean | null;
  error?: string | undefined;
};

/** Cash or card for a delivery: the booking's payment cards in a delivery's words. */
export function DeliveryPayment(props: TDeliveryPaymentProps) {
  return <PaymentCards {...props} texts={TEXTS} label="Payment method" />;
}
