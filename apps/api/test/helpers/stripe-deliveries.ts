import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBranchAtZip, createCompany, createUser } from '../../src/db/seed/factories.ts';
import { createStripeProvider } from '../../src/payments/stripe-provider.ts';
import { tokenFor } from './sessions.ts';
import { createTestApp, type createTestClock } from './test-app.ts';

type TTestClock = ReturnType<typeof createTestClock>;

/** A card-paid delivery's booking body and Stripe's event for its payment (the deliveries' Stripe tests). */
export const cardDeliveryBody = {
  items: [{ name: 'Armchair', count: 1, weight: 60, height: 3, width: 3, length: 3 }],
  vehicle_type: 3,
  pickup: {
    address: '1 Main St',
    city_or_town: 'Los Angeles',
    state: 'CA',
    zip_code: '90011',
    type_property: 'Home',
  },
  destination: {
    address: '2 Main St',
    city_or_town: 'Los Angeles',
    state: 'CA',
    zip_code: '90007',
    type_property: 'Home',
  },
  arrival_date: '2026-11-27',
  arrival_time: '9-10',
  payment_method: 'electronic',
  phone: '+1 (213) - 555 - 0177',
};

/** Stripe's `checkout.session.completed` for a paid delivery, as the raw body it signs. */
export const paidDeliveryEvent = (deliveryId: number, sessionId: string, id: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        metadata: { delivery_id: String(deliveryId) },
        client_reference_id: `delivery-${deliveryId}`,
      },
    },
  });

/**
 * A test app whose Stripe client talks to a loopback stand-in for api.stripe.com, with a company
 * whose branch covers the delivery's pickup: the customer's and the company staff's tokens.
 */
export async function appWithLoopbackStripe(clock: TTestClock, stripeApi: Server, webhookSecret: string) {
  await new Promise<void>((r) => stripeApi.listen(0, '127.0.0.1', r));
  const port = (stripeApi.address() as AddressInfo).port;
  const t = await createTestApp({
    clock,
    payments: createStripeProvider({
      secretKey: 'sk_test_haulpro',
      webhookSecret,
      apiUrl: `http://127.0.0.1:${port}`,
    }),
  });
  const db = t.deps.db;
  const companyId = (await createCompany(db)).id;
  await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 });
  const customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  const staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  return { t, customer, staff };
}
