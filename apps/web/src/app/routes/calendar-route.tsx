import { CalendarPage } from '../../features/calendar/pages/calendar-page.tsx';
import { OrderDetailModal } from '../../features/orders/components/order-detail-modal.tsx';

/** /calendar: the calendar feature, opening the orders feature's details modal for an event. */
export function CalendarRoute() {
  return (
    <CalendarPage
      orderModal={(orderId, onClose) => (
        <OrderDetailModal party="company" orderId={orderId} onClose={onClose} />
      )}
    />
  );
}
