/**
 * The helper dashboard at scale (issue 13): 5,000 open deliveries offered to the demo labor user
 * and the demo company, plus 1,000 the labor user holds. Measures the New and Accepted tabs (one
 * page of 15 cards with both counts) and the customer's list.
 */
import { eq } from 'drizzle-orm';
import { branches, deliveries, deliveryBidders, deliveryItems, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { runScenario, seededRandom, startBenchServer, type TResultRow } from './harness.ts';

export const OPEN_DELIVERIES = 5000;
const HELD = 1000;

async function login(base: string, email: string): Promise<Record<string, string>> {
  const r = await fetch(`${base}/api/dashboard/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return { authorization: `Bearer ${((await r.json()) as { data: { token: string } }).data.token}` };
}

export async function deliveriesBench(): Promise<TResultRow[]> {
  const server = await startBenchServer(async ({ db }) => {
    const who = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
    const labor = await who(DEMO_ACCOUNTS.labor);
    const staff = await who(DEMO_ACCOUNTS.staff);
    const customer = await who(DEMO_ACCOUNTS.customer);
    const companyBranches = await db.select().from(branches).where(eq(branches.companyId, staff.companyId!));
    const random = seededRandom(13);
    const now = Date.now();
    const place = {
      address: '1 Bench St',
      city_or_town: 'Los Angeles',
      state: 'CA',
      zip_code: '90011',
      type_property: 'Home',
      flights_of_stairs: 0,
    };
    for (let batch = 0; batch < (OPEN_DELIVERIES + HELD) / 500; batch++) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = batch * 500 + k;
        const held = i >= OPEN_DELIVERIES;
        const day = 2 + Math.floor(random() * 40);
        const date = new Date(now + day * 86_400_000).toISOString().slice(0, 10);
        return {
          customerId: customer.id,
          status: held ? 2 : 1,
          itemsName: `Bench item ${i}`,
          vehicleType: 3,
          pickup: place,
          destination: place,
          pickupLatitude: 34.0073,
          pickupLongitude: -118.2587,
          distanceMiles: 3,
          arrivalDate: date,
          arrivalTime: '9-10',
          timeZone: 'America/Los_Angeles',
          biddingDeadline: new Date(now + (day - 1) * 86_400_000),
          phone: '+1 (213) - 555 - 0102',
          basePrice: 8500,
          originalPrice: 8500,
          systemFee: 1275,
          tip: 0,
          totalPrice: 8500,
          paymentMethod: 'cash' as const,
          acceptorUserId: held ? labor.id : null,
        };
      });
      const ids = await db.insert(deliveries).values(rows).returning({ id: deliveries.id });
      await db.insert(deliveryItems).values(
        ids.map(({ id }) => ({
          deliveryId: id,
          position: 0,
          name: 'Sofa',
          count: 1,
          weight: 120,
          height: 3,
          width: 7,
          length: 3,
        })),
      );
      await db.insert(deliveryBidders).values(
        ids.flatMap(({ id }) => [
          { deliveryId: id, laborUserId: labor.id, distanceKm: 3 },
          ...companyBranches.map((b, k) => ({
            deliveryId: id,
            companyId: staff.companyId!,
            branchId: b.id,
            distanceKm: 5 + k,
          })),
        ]),
      );
    }
  });
  try {
    const labor = await login(server.base, DEMO_ACCOUNTS.labor);
    const staff = await login(server.base, DEMO_ACCOUNTS.staff);
    const customer = await login(server.base, DEMO_ACCOUNTS.customer);
    const scenario = (name: string, path: string, headers: Record<string, string>, connections: number) =>
      runScenario(server.base, {
        name,
        amount: connections === 1 ? 200 : 400,
        warmup: 20,
        connections,
        paths: [path],
        headers,
      });
    return [
      await scenario(
        'GET deliveries?tab=new (labor, 5,000 open), 1 conn',
        '/api/dashboard/deliveries?tab=new',
        labor,
        1,
      ),
      await scenario(
        'GET deliveries?tab=new (labor), 10 conns',
        '/api/dashboard/deliveries?tab=new',
        labor,
        10,
      ),
      await scenario(
        'GET deliveries?tab=new (company, All branches), 1 conn',
        '/api/dashboard/deliveries?tab=new',
        staff,
        1,
      ),
      await scenario(
        'GET deliveries?tab=accepted (labor, 1,000 held), 1 conn',
        '/api/dashboard/deliveries?tab=accepted',
        labor,
        1,
      ),
      await scenario(
        'GET customer/deliveries (6,000), 1 conn',
        '/api/dashboard/customer/deliveries',
        customer,
        1,
      ),
    ];
  } finally {
    await server.stop();
  }
}
