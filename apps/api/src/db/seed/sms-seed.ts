import { ORDER_STATUS } from '@haulpro/shared/order';
import { eq } from 'drizzle-orm';
import { todayIn } from '../../domain/availability.ts';
import { insertOutboxMail } from '../../mail/outbox.repository.ts';
import { firstNameOf, orderReminderFacts } from '../../modules/reminders/day-before.ts';
import { dayBeforeMail, dayBeforeText } from '../../modules/reminders/reminder-messages.ts';
import { claimReminder } from '../../modules/reminders/reminders.repository.ts';
import { insertSms } from '../../sms/outbox.repository.ts';
import type { TTx } from '../client.ts';
import { users } from '../schema.ts';
import { createOrder } from './order-factory.ts';

/**
 * Text messages in the demo (issue 29): the demo customer opted in to texts, a move accepted for
 * tomorrow, and its day-before reminder already sent as the reminder job sends it: the claim in
 * sent_reminders, the e-mail in the mail outbox and the text in sms_outbox ('stored': the demo
 * has no Twilio settings). The job itself reminds the company's staff from 9:00 in Los Angeles.
 */
export async function seedDemoTexts(
  tx: TTx,
  v: { customerId: number; companyId: number; branchId: number; now: Date; publicUrl: string },
): Promise<{ orderId: number }> {
  const today = todayIn('America/Los_Angeles', v.now);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const phone = '+1 (213) - 555 - 0102';
  const order = await createOrder(tx, {
    customerId: v.customerId,
    companyId: v.companyId,
    branchId: v.branchId,
    status: ORDER_STATUS.accepted,
    arrivalDate: tomorrow,
    arrivalTime: '9-10',
    hours: 2,
    phone,
  });
  await tx.update(users).set({ smsOptIn: true }).where(eq(users.id, v.customerId));
  const { customer } = orderReminderFacts(
    { ...order, address: '1200 E Florence Ave, Los Angeles, CA 90001' },
    v.publicUrl,
  );
  await claimReminder(tx, { kind: 'day_before', ref: `order:${order.id}`, userId: v.customerId, now: v.now });
  await insertOutboxMail(
    tx,
    [dayBeforeMail(order.email, firstNameOf(order.name), customer, 'customer')],
    'stored',
  );
  await insertSms(tx, {
    userId: v.customerId,
    to: '+12135550102',
    body: dayBeforeText(customer, 'customer'),
    status: 'stored',
  });
  return { orderId: order.id };
}
