/**
 * Orders at scale: 1,000,000 orders across 1,000 companies, generated in SQL. Measures a
 * company's orders list (page 1, status filter, date range), orders/counts, fifty companies'
 * lists at once, and accept, beside a bare Fastify route in the same run. Target (orders issue):
 * p99 under 25 ms for list and counts at 50 concurrent connections.
 */

import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { TDb } from '../src/db/client.ts';
import { branches, companies, users } from '../src/db/schema.ts';
import { createSession } from '../src/modules/auth/auth.repository.ts';
import { hashToken, newToken } from '../src/modules/auth/tokens.ts';
import { runScenario, startBenchServer, type TResultRow } from './harness.ts';

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

async function benchToken(db: TDb, email: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`);
  const token = newToken();
  await createSession(db, u!.id, hashToken(token), new Date(Date.now() + 3600_000));
  return token;
}

export async function ordersBench(): Promise<TResultRow[]> {
  const started = performance.now();
  const server = await startBenchServer(({ db }) => seedOrders(db));
  const seededIn = ((performance.now() - started) / 1000).toFixed(1);
  const bare = Fastify();
  bare.get('/bare', async () => ({ data: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddr = bare.server.address();
  const bareBase = `http://127.0.0.1:${typeof bareAddr === 'object' && bareAddr ? bareAddr.port : 0}`;
  try {
    const db = server.database.db;
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.name} = 'Bench Co 500'`);
    const token = await benchToken(db, `bench-staff-${company!.id}@bench.test`);
    const headers = { authorization: `Bearer ${token}` };
    // New orders of company 500 for accept: one per request.
    const newOrders = (await db.execute(sql`
      select o.id from orders o join companies c on c.id = o.company_id
      where c.name = 'Bench Co 500' and o.status = 1 limit 200`)) as unknown as { rows: { id: number }[] };
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
    // Warm code first (JIT), as a server in production is; then 50 clients as fast as they can go.
    const load = { amount: 20_000, warmup: 2000, connections: 50 };
    const rows = [
      await runScenario(bareBase, { name: 'bare Fastify route', ...load, paths: ['/bare'] }),
      await runScenario(server.base, {
        name: 'orders list p1 (new, current month)',
        ...load,
        paths: [list],
        headers,
      }),
      await runScenario(server.base, { name: 'orders/counts', ...load, paths: [counts], headers }),
      await runScenario(server.base, {
        name: 'orders list p1, 50 companies at once',
        ...load,
        paths: otherTokens.map(() => list),
        pathHeaders: otherTokens.map((t) => ({ authorization: `Bearer ${t}` })),
      }),
      await runScenario(server.base, {
        name: 'accept (distinct New orders)',
        amount: newOrders.rows.length,
        connections: Math.min(10, newOrders.rows.length),
        method: 'POST',
        paths: newOrders.rows.map((r) => `/api/dashboard/orders/${r.id}/accept`),
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      }),
    ];
    console.log(`seeded ${ORDERS.toLocaleString()} orders across ${COMPANIES} companies in ${seededIn} s`);
    return rows;
  } finally {
    await bare.close();
    await server.stop();
  }
}
