import { CalendarPage, type TProposedReschedule } from '../../features/calendar/pages/calendar-page.tsx';
import { useOrder } from '../../features/orders/api/get-order.ts';
import { useOrderAction } from '../../features/orders/api/order-action.ts';
import { OrderDetailModal } from '../../features/orders/components/order-detail-modal.tsx';
import { RescheduleModal } from '../../features/orders/components/reschedule-modal.tsx';

/** An order dragged to another day or hour: the orders feature's reschedule modal, prefilled. */
function DraggedReschedule({
  proposal,
  onClose,
}: {
  proposal: TProposedReschedule;
  onClose: (done: boolean) => void;
}) {
  const order = useOrder('company', proposal.orderId);
  const action = useOrderAction('company');
  return (
    <RescheduleModal
      order={order.data ?? null}
      party="company"
      proposed={{ date: proposal.date, time: proposal.time }}
      loading={action.isPending}
      onClose={() => onClose(false)}
      onSubmit={(body) =>
        action.mutate({ kind: 'reschedule', id: proposal.orderId, body }, { onSuccess: () => onClose(true) })
      }
    />
  );
}

/** /calendar: the calendar feature, with the orders feature's details and reschedule modals. */
export function CalendarRoute() {
  return (
    <CalendarPage
      orderModal={(orderId, onClose) => (
        <OrderDetailModal party="company" orderId={orderId} onClose={onClose} />
      )}
      rescheduleModal={(proposal, onClose) =>
        proposal ? <DraggedReschedule key={proposal.key} proposal={proposal} onClose={onClose} /> : null
      }
    />
  );
}
