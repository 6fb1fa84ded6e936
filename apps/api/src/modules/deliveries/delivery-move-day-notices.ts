import { deliveryClockTime } from '@haulpro/shared/move-day';
import type { TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import type { TMail } from '../../mail/mailer.ts';
import type { TNotificationsService } from '../notifications/notifications.service.ts';
import type { TDeliveryRow } from './deliveries.repository.ts';
import { customerContact } from './delivery-move-day.repository.ts';

/** What the move-day notices ask of other modules. */
export type TMoveDayFronts = { notifications: Pick<TNotificationsService, 'notify'> };

const customerLink = (id: number) => `/user-dashboard?delivery_id=${id}`;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The customer's e-mail when the helper sets off. */
export function onTheWayMail(
  to: string,
  firstName: string,
  d: Pick<TDeliveryRow, 'id' | 'itemsName'>,
  eta: string,
  url: string,
): TMail {
  const subject = 'Your helper is on the way';
  const lines = [
    `Hi ${firstName || 'there'},`,
    `Your helper is on the way for delivery #${d.id} (${d.itemsName}), arriving about ${eta}.`,
    'You can follow the delivery from your dashboard.',
  ];
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(url)}">Open your delivery</a></p></body></html>`;
  return { to, subject, text: `${lines.join('\n\n')}\n\nOpen your delivery: ${url}\n`, html };
}

/**
 * On my way: the customer's bell and an e-mail through the outbox, in the step's transaction
 * (the caller kicks the mailer after the commit).
 */
export async function tellCustomerOnTheWay(
  tx: TTx,
  deps: Pick<TDeps, 'mailer' | 'config'>,
  fronts: TMoveDayFronts,
  d: TDeliveryRow,
  etaAt: Date,
): Promise<void> {
  const eta = deliveryClockTime(etaAt, d.timeZone);
  await fronts.notifications.notify(tx, d.customerId, {
    title: `Your helper is on the way for delivery #${d.id}: arriving about ${eta}`,
    link: customerLink(d.id),
  });
  const c = await customerContact(tx, d.customerId);
  if (c?.email)
    await deps.mailer.enqueue(
      tx,
      onTheWayMail(c.email, c.firstName, d, eta, `${deps.config.publicUrl}${customerLink(d.id)}`),
    );
}

/** Arrived: the customer's bell only (they are about to meet the helper). */
export async function tellCustomerArrived(tx: TTx, fronts: TMoveDayFronts, d: TDeliveryRow): Promise<void> {
  await fronts.notifications.notify(tx, d.customerId, {
    title: `Your helper arrived for delivery #${d.id}`,
    link: customerLink(d.id),
  });
}
