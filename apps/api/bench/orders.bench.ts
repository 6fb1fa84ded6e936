/**
 * Orders at scale: 1,000,000 orders across 1,000 companies, generated in SQL. Measures a
 * company's orders list (page 1, status filter, date range), orders/counts, fifty companies'
 * lists at once, and accept, beside a bare Fastify route in the same run. Target (orders issue):
 * p99 under 25 ms for list and counts at 50 concurrent connections.
 */

import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../src/db/client.ts';
import { branches, companies, deliveries, deliveryBidders, deliveryItems, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo.ts';
import { createBranchAtZip, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createSession } from '../src/modules/auth/auth.repository.ts';
import { hashToken, newToken } from '../src/modules/auth/tokens.ts';
import { bookingBody } from '../test/helpers/booking-body.ts';
import { benchDelivery, benchItem } from './bench-deliveries.ts';
import {
  BROWSER_HEADERS,
  judge,
  runScenario,
  startBareRoute,
  startBenchServer,
  type TResultRow,
  type TTarget,
} from './harness.ts';

const COMPANIES = 1000;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);

export async function seedOrders(db: TDb) {
  await db.execute(
    sql`insert into ${companies} (name) select 'Bench Co ' || g from generate_series(1, ${COMPANIES}) g`,
  );
  await db.execute(sql`
    insert into ${branches} (company_id, name, slug, zip_code, is_main)
    select c.id, 'Bench Branch ' || c.id, 'bench-branch-' || c.id, '90001', true
    from ${companies} c where c.name like 'Bench Co %'`);
  await db.execute(sql`
    insert into ${users} (first_name, last_name, email, password_hash, role, company_id, referral_code, is_email_verified)
    select 'Bench', 'Staff', 'bench-staff-' || c.id || '@bench.test', 'x', 'staff', c.id, 'B' || lpad(c.id::text, 6, '0'), true
    from ${companies} c where c.name like 'Bench Co %'`);
  await db.execute(sql`
    insert into ${users} (first_name, last_name, email, password_hash, role, referral_code, is_email_verified)
    values ('Bench', 'Customer', 'bench-customer@bench.test', 'x', 'customer', 'BENCHCU', true)`);
  // Orders spread over companies, statuses and a year of dates around today.
  await db.execute(sql`
    insert into orders (customer_id, company_id, branch_id, status, type_service, helpers_count, hours_count,
      arrival_date, arrival_time, time_zone, name, email, phone, payment_method, quote, order_price, response_deadline)
    select cu.id, b.company_id, b.id, ((g / ${COMPANIES}) % 8), 1 + (g % 2), 2, 3,
      current_date + (((g / ${COMPANIES}) % 365) - 180), '8-9', 'America/Los_Angeles', 'Bench Customer', 'bench-customer@bench.test',
      '+1 (213) - 555 - 0199', 'cash', '{"hourly":10000,"total_for_n_hours":30000,"service_fee":7500,"processing_fee":0}'::jsonb, 37500,
      now() + interval '10 days'
    from generate_series(1, ${ORDERS}) g
    join ${branches} b on b.slug = 'bench-branch-' || (1 + (g % ${COMPANIES}))
    cross join (select id from ${users} where email = 'bench-customer@bench.test') cu`);
  await db.execute(sql`analyze`);
}

export async function benchToken(db: TDb, email: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`);
  const token = newToken();
  await createSession(db, u!.id, hashToken(token), new Date(Date.now() + 3600_000));
  return token;
}

/** The writes of issue 30 need their own rows: a bookable branch, open deliveries offered to the demo helper. */
async function seedWrites(db: TDb) {
  const [company] = await db
    .insert(companies)
    .values({ name: 'Bench Bookings' })
    .returning({ id: companies.id });
  const branch = await createBranchAtZip(db, '90001', {
    companyId: company!.id,
    name: 'Bench Bookings LA',
    isMain: true,
    serviceArea: 30,
  });
  await addServicePrices(db, branch.id, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
  await createUser(db, { role: 'staff', companyId: company!.id });
  const [labor] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.labor));
  const [customer] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer));
  const now = Date.now();
  for (let batch = 0; batch < Math.ceil((WRITES + WARM_WRITES) / 500); batch++) {
    const date = new Date(now + 10 * 86_400_000).toISOString().slice(0, 10);
    const ids = await db
      .insert(deliveries)
      .values(
        Array.from({ length: 500 }, (_, k) =>
          benchDelivery({
            customerId: customer!.id,
            name: `Bench accept ${batch * 500 + k}`,
            arrivalDate: date,
            biddingDeadline: new Date(now + 9 * 86_400_000),
          }),
        ),
      )
      .returning({ id: deliveries.id });
    await db.insert(deliveryItems).values(ids.map(({ id }) => benchItem(id)));
    await db
      .insert(deliveryBidders)
      .values(ids.map(({ id }) => ({ deliveryId: id, laborUserId: labor!.id, distanceKm: 3 })));
  }
  await db.execute(sql`analyze`);
  return { branchId: branch.id };
}

/** Requests per write scenario: each accepts or confirms a distinct order or delivery. */
const WRITES = 2000;
/**
 * Writes sent first on rows of their own and not measured, so the write's code is warm (JIT), as
 * the reads' is and as a server's is in production.
 */
const WARM_WRITES = 200;

/** The first rows measured, the next ones to warm up on. */
function measuredAndWarm<T>(rows: T[], what: string): { measured: T[]; warm: T[] } {
  const n = Math.max(0, Math.min(WRITES, rows.length - WARM_WRITES));
  if (n === 0)
    throw new Error(
      `bench: ${rows.length} ${what} to write on, more than ${WARM_WRITES} needed (raise BENCH_ORDERS)`,
    );
  return { measured: rows.slice(0, n), warm: rows.slice(n, n + WARM_WRITES) };
}

export async function ordersBench(): Promise<{ rows: TResultRow[]; targets: TTarget[] }> {
  const started = performance.now();
  let bookingBranch = 0;
  const server = await startBenchServer(async ({ db }) => {
    await seedOrders(db);
    bookingBranch = (await seedWrites(db)).branchId;
  });
  const seededIn = ((performance.now() - started) / 1000).toFixed(1);
  const bare = await startBareRoute();
  try {
    const db = server.database.db;
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.name} = 'Bench Co 500'`);
    const token = await benchToken(db, `bench-staff-${company!.id}@bench.test`);
    const headers = { authorization: `Bearer ${token}`, ...BROWSER_HEADERS };
    const list = '/api/dashboard/orders?filter=new&arrival_date_in=current_month&page=1';
    const counts = '/api/dashboard/orders/counts';
    // Fifty other companies' staff, each polling their own dashboard.
    const others = await db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.name} like 'Bench Co %'`)
      .orderBy(companies.id)
      .limit(50);
    const otherTokens = await Promise.all(
      others.map((c) => benchToken(db, `bench-staff-${c.id}@bench.test`)),
    );
    const staffOf = new Map(others.map((c, i) => [c.id, otherTokens[i]!]));
    // New orders of those fifty companies, each accepted by its own company's staff.
    const newOrders = (
      (await db.execute(sql`
        select id, company_id from orders
        where company_id in (${sql.join(
          others.map((c) => sql`${c.id}`),
          sql`, `,
        )}) and status = ${ORDER_STATUS.new}
          and response_deadline > now()
        order by id limit ${WRITES + WARM_WRITES}`)) as unknown as {
        rows: { id: number; company_id: number }[];
      }
    ).rows;
    // Being Completed orders of the bench customer, each confirmed once.
    const finishing = (
      (await db.execute(sql`
        select id from orders where status = ${ORDER_STATUS.beingCompleted}
          and company_id in (${sql.join(
            others.map((c) => sql`${c.id}`),
            sql`, `,
          )})
        order by id limit ${WRITES + WARM_WRITES}`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const customerToken = await benchToken(db, 'bench-customer@bench.test');
    const customerHeaders = { authorization: `Bearer ${customerToken}`, 'content-type': 'application/json' };
    const laborToken = await benchToken(db, DEMO_ACCOUNTS.labor);
    const open = (
      (await db.execute(sql`
        select id from deliveries where status = ${DELIVERY_STATUS.new} and items_name like 'Bench accept %'
        order by id limit ${WRITES + WARM_WRITES}`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const bookingDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    // Warm code first (JIT), as a server in production is; then 50 clients as fast as they can go.
    const load = { amount: 20_000, warmup: 2000, connections: 50 };
    const bare50 = await bare.measure(50);
    const listRow = await runScenario(server.base, {
      name: 'orders list p1 (new, current month)',
      ...load,
      paths: [list],
      headers,
    });
    const countsRow = await runScenario(server.base, {
      name: 'orders/counts',
      ...load,
      paths: [counts],
      headers,
    });
    const fifty = await runScenario(server.base, {
      name: 'orders list p1, 50 companies at once',
      ...load,
      paths: otherTokens.map(() => list),
      headers: BROWSER_HEADERS,
      pathHeaders: otherTokens.map((t) => ({ authorization: `Bearer ${t}` })),
    });
    const bare10 = await bare.measure(10);
    const post = { method: 'POST' as const, connections: 10, body: '{}' };
    const orderPaths = (rows: { id: number; company_id: number }[]) => ({
      paths: rows.map((r) => `/api/dashboard/orders/${r.id}/accept`),
      pathHeaders: rows.map((r) => ({ authorization: `Bearer ${staffOf.get(r.company_id)}` })),
    });
    const accepting = measuredAndWarm(newOrders, 'New orders of the fifty companies');
    const warmAccept = orderPaths(accepting.warm);
    const accept = await runScenario(server.base, {
      name: 'accept a New order (distinct orders, 50 companies)',
      ...post,
      amount: accepting.measured.length,
      ...orderPaths(accepting.measured),
      warmup: accepting.warm.length,
      warmupPaths: warmAccept.paths,
      warmupPathHeaders: warmAccept.pathHeaders,
      headers: { 'content-type': 'application/json' },
    });
    const offered = measuredAndWarm(open, 'open deliveries');
    const deliveryPath = (r: { id: number }) => `/api/dashboard/deliveries/${r.id}/accept`;
    const acceptDelivery = await runScenario(server.base, {
      name: 'accept a New delivery (labor, distinct deliveries)',
      ...post,
      amount: offered.measured.length,
      paths: offered.measured.map(deliveryPath),
      warmup: offered.warm.length,
      warmupPaths: offered.warm.map(deliveryPath),
      headers: { authorization: `Bearer ${laborToken}`, 'content-type': 'application/json' },
    });
    const confirming = measuredAndWarm(finishing, 'Being Completed orders');
    const confirmPath = (r: { id: number }) => `/api/dashboard/customer/orders/${r.id}/complete`;
    const confirm = await runScenario(server.base, {
      name: "customer's confirm (complete, no tip)",
      ...post,
      amount: confirming.measured.length,
      paths: confirming.measured.map(confirmPath),
      warmup: confirming.warm.length,
      warmupPaths: confirming.warm.map(confirmPath),
      headers: customerHeaders,
    });
    const booking = await runScenario(server.base, {
      name: 'booking (POST customer/orders, cash)',
      ...post,
      amount: 1000,
      warmup: 100,
      paths: ['/api/dashboard/customer/orders'],
      headers: customerHeaders,
      body: JSON.stringify(bookingBody(bookingBranch, { arrival_date: bookingDate })),
    });
    // As the web books: every attempt with an Idempotency-Key of its own (decision 013).
    const keyed = (from: number, n: number) => ({
      paths: Array.from({ length: n }, () => '/api/dashboard/customer/orders'),
      pathHeaders: Array.from({ length: n }, (_, k) => ({ 'idempotency-key': `bench-${from + k}` })),
    });
    const warmKeyed = keyed(0, 100);
    const keyedBooking = await runScenario(server.base, {
      name: 'booking with an Idempotency-Key (as the web books)',
      ...post,
      amount: 1000,
      ...keyed(100, 1000),
      warmup: 100,
      warmupPaths: warmKeyed.paths,
      warmupPathHeaders: warmKeyed.pathHeaders,
      headers: customerHeaders,
      body: JSON.stringify(bookingBody(bookingBranch, { arrival_date: bookingDate })),
    });
    console.log(`seeded ${ORDERS.toLocaleString()} orders across ${COMPANIES} companies in ${seededIn} s`);
    const minRate = server.database.kind === 'pglite' ? 300 : 1000;
    const writeTarget = `p99 < 50 ms at 10 connections and at least ${minRate}/s`;
    return {
      rows: [
        bare50,
        listRow,
        countsRow,
        fifty,
        bare10,
        accept,
        acceptDelivery,
        confirm,
        booking,
        keyedBooking,
      ],
      targets: [
        judge('orders list: at least 50 % of bare, p99 < 15 ms', listRow, {
          p99Below: 15,
          bare: bare50,
          share: 0.5,
        }),
        judge('orders/counts: at least 50 % of bare, p99 < 15 ms', countsRow, {
          p99Below: 15,
          bare: bare50,
          share: 0.5,
        }),
        judge('orders list, fifty companies: at least 40 % of bare', fifty, { bare: bare50, share: 0.4 }),
        judge(`accept an order: ${writeTarget}`, accept, { p99Below: 50, minRate }),
        judge(`accept a delivery: ${writeTarget}`, acceptDelivery, { p99Below: 50, minRate }),
        judge(`customer's confirm: ${writeTarget}`, confirm, { p99Below: 50, minRate }),
        judge('booking (cash): p99 < 100 ms at 10 connections', booking, { p99Below: 100 }),
        judge('booking with an Idempotency-Key: p99 < 100 ms at 10 connections', keyedBooking, {
          p99Below: 100,
        }),
      ],
    };
  } finally {
    await bare.close();
    await server.stop();
  }
}
