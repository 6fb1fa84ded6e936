import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, asc, eq, gt } from 'drizzle-orm';
import { todayIn } from '../../domain/availability.ts';
import type { TStorage } from '../../storage/storage.ts';
import type { TTx } from '../client.ts';
import { deliveries, messages, orders } from '../schema.ts';
import { gradientPng } from './gradient-png.ts';

const MIN = 60_000;

/**
 * Talk (issue 29): a thread on the demo customer's next accepted order with Demo Movers (both
 * ways, a photo of the entrance, the customer's latest message still unread by the staff) and a
 * short one on a delivery the demo helper accepted. Photos are stored like uploads (the private
 * `messages` folder); without storage the thread has none.
 */
export async function seedDemoTalk(
  tx: TTx,
  v: {
    customerId: number;
    companyId: number;
    staffId: number;
    laborId: number;
    now: Date;
    storage?: TStorage | undefined;
  },
) {
  const today = todayIn('America/Los_Angeles', v.now);
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, v.customerId),
        eq(orders.companyId, v.companyId),
        eq(orders.status, ORDER_STATUS.accepted),
        gt(orders.arrivalDate, today),
      ),
    )
    .orderBy(asc(orders.arrivalDate), asc(orders.id))
    .limit(1);
  const ago = (minutes: number) => new Date(v.now.getTime() - minutes * MIN);
  if (order) {
    const entrance = v.storage
      ? await v.storage.save('messages', gradientPng(480, 360, [120, 144, 156], [38, 50, 56]), 'png')
      : null;
    const customer = { orderId: order.id, senderUserId: v.customerId, senderSide: 'customer' as const };
    const staff = { orderId: order.id, senderUserId: v.staffId, senderSide: 'provider' as const };
    await tx.insert(messages).values([
      {
        ...customer,
        body: 'Hi! The freight elevator is booked for us from 8 to 10 am. Can the crew arrive right at 8?',
        createdAt: ago(26 * 60),
        readAt: ago(25 * 60 + 30),
      },
      {
        ...staff,
        body: 'Yes, the crew will be there at 8 sharp. Is there parking for a 26 ft truck?',
        createdAt: ago(25 * 60),
        readAt: ago(24 * 60),
      },
      {
        ...customer,
        body: 'There is a loading zone on the side street. Here is the entrance we use.',
        photos: entrance ? [entrance] : [],
        createdAt: ago(3 * 60),
        readAt: ago(2 * 60 + 10),
      },
      {
        ...staff,
        body: 'Perfect, thank you. We will bring floor protection for the hallway.',
        createdAt: ago(2 * 60),
        readAt: ago(90),
      },
      // Unread by the staff: the header's count and the order card's.
      {
        ...customer,
        body: 'One more thing: the piano stays, please do not pack it.',
        createdAt: ago(20),
        readAt: null,
      },
    ]);
  }
  const [delivery] = await tx
    .select({ id: deliveries.id, acceptedAt: deliveries.acceptedAt })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.customerId, v.customerId),
        eq(deliveries.acceptorUserId, v.laborId),
        eq(deliveries.status, DELIVERY_STATUS.accepted),
      ),
    )
    .orderBy(asc(deliveries.arrivalDate), asc(deliveries.id))
    .limit(1);
  if (delivery) {
    // A delivery's thread starts at its acceptance: both messages fall between it and now.
    const from = Math.min(delivery.acceptedAt?.getTime() ?? ago(300).getTime(), v.now.getTime());
    const step = (v.now.getTime() - from) / 5;
    const at = (n: number) => new Date(from + n * step);
    await tx.insert(messages).values([
      {
        deliveryId: delivery.id,
        senderUserId: v.customerId,
        senderSide: 'customer',
        body: 'The sofa is wrapped and waiting by the front door.',
        createdAt: at(1),
        readAt: at(2),
      },
      {
        deliveryId: delivery.id,
        senderUserId: v.laborId,
        senderSide: 'provider',
        body: 'Thanks! I will write here when I am on my way.',
        createdAt: at(3),
        readAt: at(4),
      },
    ]);
  }
  return { orderId: order?.id ?? null, deliveryId: delivery?.id ?? null };
}
