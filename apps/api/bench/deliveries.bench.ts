/**
 * The polled helper and customer dashboards at scale (issue 30): 5,000 open deliveries offered to
 * the demo labor user and every branch of the demo company, 1,000 more the labor user holds (so
 * the demo customer has 6,000 deliveries), and 1,000 orders of the demo customer. Measures the New
 * tab of the labor user and of the company (All branches), and the customer's dashboard (its
 * deliveries and its orders) at 50 connections beside a bare Fastify route measured in the same
 * run, plus one-connection rows for the latency of a single request.
 */
import { ORDER_STATUS } from '@haulpro/shared/order';
import { eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../src/db/client.ts';
import { branches, deliveries, deliveryBidders, deliveryItems, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo.ts';
import { benchDelivery, benchItem } from './bench-deliveries.ts';
import {
  BROWSER_HEADERS,
  benchLogin,
  judge,
  runScenario,
  seededRandom,
  startBareRoute,
  startBenchServer,
  type TResultRow,
  type TTarget,
} from './harness.ts';

export const OPEN_DELIVERIES = 5000;
const HELD = 1000;
const CUSTOMER_ORDERS = 1000;
const CONNECTIONS = 50;

/**
 * The dashboards' data: the open and held deliveries with their bidders, and the customer's orders
 * (one address each). Shared with the customer dashboard's draw in Chromium (dashboard.bench.ts).
 */
export async function seedDashboards({ db }: TDatabase): Promise<void> {
  const who = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
  const labor = await who(DEMO_ACCOUNTS.labor);
  const staff = await who(DEMO_ACCOUNTS.staff);
  const customer = await who(DEMO_ACCOUNTS.customer);
  const companyBranches = await db.select().from(branches).where(eq(branches.companyId, staff.companyId!));
  const random = seededRandom(13);
  const now = Date.now();
  for (let batch = 0; batch < (OPEN_DELIVERIES + HELD) / 500; batch++) {
    const rows = Array.from({ length: 500 }, (_, k) => {
      const i = batch * 500 + k;
      const held = i >= OPEN_DELIVERIES;
      const day = 2 + Math.floor(random() * 40);
      const date = new Date(now + day * 86_400_000).toISOString().slice(0, 10);
      return benchDelivery({
        customerId: customer.id,
        name: `Bench item ${i}`,
        arrivalDate: date,
        biddingDeadline: new Date(now + (day - 1) * 86_400_000),
        acceptorUserId: held ? labor.id : null,
      });
    });
    const ids = await db.insert(deliveries).values(rows).returning({ id: deliveries.id });
    await db.insert(deliveryItems).values(ids.map(({ id }) => benchItem(id)));
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
  // The customer's orders with the demo company, spread over statuses and dates, one address each.
  const branch = companyBranches[0]!;
  await db.execute(sql`
      insert into orders (customer_id, company_id, branch_id, status, type_service, helpers_count, hours_count,
        arrival_date, arrival_time, time_zone, name, email, phone, payment_method, quote, order_price, response_deadline)
      select ${customer.id}::int, ${branch.companyId}::int, ${branch.id}::int,
        (${sql.raw(`array[${[ORDER_STATUS.new, ORDER_STATUS.accepted, ORDER_STATUS.completed, ORDER_STATUS.cancelled].join(',')}]::smallint[]`)})[1 + g % 4],
        1, 2, 3, current_date + (g % 60), '8-9', 'America/Los_Angeles', 'Bench Customer', ${customer.email},
        '+1 (213) - 555 - 0199', 'cash',
        '{"hourly":10000,"total_for_n_hours":30000,"service_fee":7500,"processing_fee":0}'::jsonb, 37500,
        now() + interval '10 days'
      from generate_series(1, ${CUSTOMER_ORDERS}::int) g`);
  await db.execute(sql`
      insert into order_addresses (order_id, kind, position, address, city_or_town, state, zip_code, type_property, flights_of_stairs)
      select o.id, 'pickup', 0, '1 Bench St', 'Los Angeles', 'CA', '90011', 'Home', 0
      from orders o where o.customer_id = ${customer.id} and o.name = 'Bench Customer'`);
  await db.execute(sql`analyze`);
}

export async function deliveriesBench(): Promise<{ rows: TResultRow[]; targets: TTarget[] }> {
  const server = await startBenchServer(seedDashboards);
  const bare = await startBareRoute();
  try {
    const labor = await benchLogin(server.base, DEMO_ACCOUNTS.labor);
    const staff = await benchLogin(server.base, DEMO_ACCOUNTS.staff);
    const customer = await benchLogin(server.base, DEMO_ACCOUNTS.customer);
    const scenario = async (
      name: string,
      path: string,
      headers: Record<string, string>,
      connections: number,
    ) => {
      const row = await runScenario(server.base, {
        name: `${name}, ${connections} conn${connections === 1 ? '' : 's'}`,
        amount: connections === 1 ? 200 : 10_000,
        warmup: connections === 1 ? 20 : 1000,
        connections,
        paths: [path],
        headers: { ...headers, ...BROWSER_HEADERS },
      });
      // Progress on stderr: the slow rows of an old build take minutes.
      console.error(JSON.stringify(row));
      return row;
    };
    const laborNew = '/api/dashboard/deliveries?tab=new';
    const cases = [
      { name: 'GET deliveries?tab=new (labor, 5,000 open)', path: laborNew, who: labor },
      { name: 'GET deliveries?tab=new (company, All branches)', path: laborNew, who: staff },
      { name: 'GET customer/deliveries (6,000)', path: '/api/dashboard/customer/deliveries', who: customer },
      { name: 'GET customer/orders (1,000)', path: '/api/dashboard/customer/orders', who: customer },
    ];
    const bareRow = await bare.measure(CONNECTIONS);
    const loaded: TResultRow[] = [];
    for (const c of cases) loaded.push(await scenario(c.name, c.path, c.who, CONNECTIONS));
    const single: TResultRow[] = [await bare.measure(1, 2000)];
    for (const c of cases) single.push(await scenario(c.name, c.path, c.who, 1));
    single.push(
      await scenario(
        'GET deliveries?tab=accepted (labor, 1,000 held)',
        '/api/dashboard/deliveries?tab=accepted',
        labor,
        1,
      ),
    );
    const target = (what: string, row: TResultRow) =>
      judge(`${what}: at 50 connections at least 40 % of the bare route's req/s and p99 < 25 ms`, row, {
        p99Below: 25,
        bare: bareRow,
        share: 0.4,
      });
    return {
      rows: [bareRow, ...loaded, ...single],
      targets: [
        target("Labor's New deliveries with 5,000 open", loaded[0]!),
        target("Company's New deliveries with 5,000 open", loaded[1]!),
        target('Customer dashboard with 6,000 deliveries (its deliveries)', loaded[2]!),
        target('Customer dashboard with 1,000 orders (its orders)', loaded[3]!),
      ],
    };
  } finally {
    await bare.close();
    await server.stop();
  }
}
