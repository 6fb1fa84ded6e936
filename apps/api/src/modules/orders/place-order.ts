import { ORDER_STATUS } from '@haulpro/shared/order';
import { type TShowUpWindow, windowHours } from '@haulpro/shared/pricing-constants';
import type { TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import { together } from '../../db/together.ts';
import { responseDeadline } from '../../domain/order-machine.ts';
import { wallTimeToInstant } from '../../domain/wall-time.ts';
import type { TPaymentEvent } from '../../payments/payment-provider.ts';
import { type TOrderFronts, tellCompanyOfNewOrder, tellCustomerPaymentFailed } from './order-notices.ts';
import { createOrderWriter } from './order-transition.ts';
import { findOrder, insertOrder, insertOrderAddresses, insertOrderHistory } from './orders.repository.ts';
import { nextOrderId, setOrderPaymentSession } from './place-order.repository.ts';

/**
 * The orders module's share of a booking (the booking module calls these through the orders
 * service): the order's row, its addresses and first history row; its payment session; and what
 * a verified payment event does to it. The orders tables are written here, never by booking.
 */
export function createOrderPlacement(deps: TDeps, fronts: TOrderFronts) {
  const writer = createOrderWriter(deps, fronts);
  const notices = { ...deps, ...fronts };
  return {
    /**
     * A customer places an order: the order, its addresses and its first history row; a New
     * order (cash, or nothing left to pay) reaches the company now, a card one when it is paid.
     */
    async placeOrder(
      tx: TTx,
      p: {
        actorUserId: number;
        now: Date;
        /** The row, with the id taken before the transaction (nextOrderId). */
        order: Parameters<typeof insertOrder>[1] & { id: number; status: number };
        addresses: Parameters<typeof insertOrderAddresses>[2];
        /** The branch's name, for the staff's mail (read again when not given). */
        branchName?: string;
      },
    ) {
      const o = p.order;
      // Everything that names the new row is sent with it (decision 041), the row first; a
      // failure of any rolls the booking back once all have ended.
      const [order, addresses] = await together([
        insertOrder(tx, o),
        insertOrderAddresses(tx, o.id, p.addresses),
        insertOrderHistory(tx, {
          orderId: o.id,
          actorUserId: p.actorUserId,
          actorParty: 'customer',
          action: 'place',
          fromStatus: null,
          toStatus: o.status,
          createdAt: p.now,
        }),
        o.status === ORDER_STATUS.new ? tellCompanyOfNewOrder(tx, notices, o, p.branchName) : null,
      ]);
      return { order, addresses };
    },

    /** The id of the order a booking is about to place (decision 041). */
    nextOrderId: () => nextOrderId(deps.db),

    recordPaymentSession: setOrderPaymentSession,

    /**
     * A verified provider event for an order, inside the webhook's transaction. Paid: Waiting For
     * Payment -> New through the one writer (the response clock starts and the company is told);
     * failed: the customer is told. An unknown order, another session or another state: a no-op.
     */
    async applyPayment(tx: TTx, ev: TPaymentEvent, now: Date) {
      const none = { applied: false };
      if (!ev.orderId || ev.paid === null) return none;
      const o = await findOrder(tx, ev.orderId);
      if (!o || o.status !== ORDER_STATUS.waitingForPayment) return none;
      if (ev.sessionId && o.paymentSessionId && ev.sessionId !== o.paymentSessionId) return none;
      if (!ev.paid) {
        await tellCustomerPaymentFailed(tx, fronts, o);
        return { applied: true, committed: () => writer.committed() };
      }
      const arrivalStart = wallTimeToInstant(
        o.arrivalDate,
        windowHours(o.arrivalTime as TShowUpWindow).start,
        o.timeZone,
      );
      const r = await writer.step(tx, o, {
        party: 'system',
        action: 'paid',
        actorUserId: null,
        now,
        patch: {
          paidAt: now,
          paidAmount: ev.amountCents ?? o.orderPrice,
          paymentIntentId: ev.paymentIntentId,
          stripeCustomerId: ev.customerId,
          responseDeadline: responseDeadline(now, arrivalStart, deps.config.orderResponseHours),
        },
      });
      if (!r.ok) return none;
      await writer.money.recordCharge(
        tx,
        o,
        ev.amountCents ?? o.orderPrice,
        ev.paymentIntentId ?? ev.sessionId,
        now,
      );
      return { applied: true, committed: () => writer.committed() };
    },
  };
}

export type TOrderPlacement = ReturnType<typeof createOrderPlacement>;
