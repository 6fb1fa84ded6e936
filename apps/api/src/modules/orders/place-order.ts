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
import { setOrderPaymentSession } from './place-order.repository.ts';

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
        order: Parameters<typeof insertOrder>[1];
        addresses: Parameters<typeof insertOrderAddresses>[2];
        /** The branch's name, for the staff's mail (read again when not given). */
        branchName?: string;
      },
    ) {
      const order = await insertOrder(tx, p.order);
      // What hangs off the new row is written together (decision 040); a failure of any rolls the
      // booking back once all have ended.
      const [addresses] = await together([
        insertOrderAddresses(tx, order.id, p.addresses),
        insertOrderHistory(tx, {
          orderId: order.id,
          actorUserId: p.actorUserId,
          actorParty: 'customer',
          action: 'place',
          fromStatus: null,
          toStatus: order.status,
          createdAt: p.now,
        }),
        order.status === ORDER_STATUS.new ? tellCompanyOfNewOrder(tx, notices, order, p.branchName) : null,
      ]);
      return { order, addresses };
    },

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
