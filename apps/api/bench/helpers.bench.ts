/**
 * The helper list (GET /api/public/helpers, page 1: 20 helpers and the total) with 10,000
 * branches over the US, each with six crews (helpers only and with trucks). Target (front door
 * issue): p99 under 50 ms at 20 concurrent connections, beside a bare Fastify route on the same
 * machine in the same run. The 2,000 searches cycle: the warm-up asks the first 1,000, so a
 * quarter of the measured requests are searches the server has not seen (coverage, every
 * candidate's settings, availability and price computed then), the rest repeat one seen less
 * than 30 seconds before.
 */
import { ORDER_STATUS } from '@haulpro/shared/order';
import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo.ts';
import { loadZips, spreadBranches, type TBenchZip } from './coverage.bench.ts';
import {
  benchLogin,
  judge,
  runScenario,
  seededRandom,
  startBareRoute,
  startBenchServer,
  type TResultRow,
  type TTarget,
} from './harness.ts';

/** New orders accepted beside the list in the loaded row. */
const ACCEPTS = 2000;

export const HELPERS_TARGET = 'Helper list at 20 connections: p99 < 50 ms';

export async function helpersBench(): Promise<{ rows: TResultRow[]; targets: TTarget[]; found: number }> {
  let zips: TBenchZip[] = [];
  const server = await startBenchServer(async ({ db }) => {
    zips = await loadZips(db);
    await spreadBranches(db, zips);
    // Six crews per branch, prices varying by branch; a fee for bedrooms and some surge settings.
    await db.execute(sql`
      insert into service_prices (branch_id, name, employees_count, minimum_hours, base_hourly_rate, service_type, truck_size, truck_number)
      select b.id, c.n || ' helpers', c.n, 2 + (c.t - 1), (7000 + (b.id % 50) * 100 + c.n * 3500 + (c.t - 1) * 5000), c.t,
        case when c.t = 2 then '26 ft' end, case when c.t = 2 then 1 end
      from branches b cross join (values (2, 1), (3, 1), (4, 1), (2, 2), (3, 2), (4, 2)) as c(n, t)
      where b.name like 'Bench %'`);
    await db.execute(sql`
      update branches set fee_first_bedroom = 2500, fee_extra_bedroom = 1500, surge_distance = 40,
        surge_additional_hourly_rate = 2000, helpers_and_trucks_between_double_driving = 10
      where name like 'Bench %'`);
    // New orders of the demo company, for the accept load the list is also measured under.
    await db.execute(sql`
      insert into orders (customer_id, company_id, branch_id, status, type_service, helpers_count, hours_count,
        arrival_date, arrival_time, time_zone, name, email, phone, payment_method, quote, order_price, response_deadline)
      select cu.id, st.company_id, b.id, ${ORDER_STATUS.new}, 1, 2, 3, current_date + 20, '8-9', 'America/Los_Angeles',
        'Bench Customer', 'bench-customer@bench.test', '+1 (213) - 555 - 0199', 'cash',
        '{"hourly":10000,"total_for_n_hours":30000,"service_fee":7500,"processing_fee":0}'::jsonb, 37500,
        now() + interval '10 days'
      from generate_series(1, ${ACCEPTS}) g
      cross join (select id, company_id from users where email = ${DEMO_ACCOUNTS.staff}) st
      cross join lateral (select id from branches where company_id = st.company_id order by id limit 1) b
      cross join (select id from users where email = ${DEMO_ACCOUNTS.customer}) cu`);
    await db.execute(sql`analyze`);
  });
  // The floor: a bare Fastify route on the same machine in the same run.
  const bare = await startBareRoute();
  try {
    const rand = seededRandom(23);
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const paths = Array.from({ length: 2000 }, () => {
      const i = Math.floor(rand() * (zips.length - 1));
      // A neighbouring ZIP as the destination: a local move.
      return `/api/public/helpers?from_zip=${zips[i]!.zip}&to_zip=${zips[i + 1]!.zip}&from_date=${date}&type_service=${1 + (i % 2)}&type_moving=1&bedrooms_count=${1 + (i % 4)}`;
    });
    // How many helpers a typical search finds (the total; an answer holds 20 of them).
    let found = 0;
    for (const p of paths.slice(0, 50)) {
      const r = (await (await fetch(`${server.base}${p}`)).json()) as { meta?: { total?: number } };
      found += r.meta?.total ?? 0;
    }
    await runScenario(server.base, { name: 'warm-up', amount: 1000, connections: 4, paths });
    const rows = [
      await runScenario(server.base, {
        name: 'helper list, random ZIPs, 20 connections',
        amount: 4000,
        connections: 20,
        paths,
      }),
      await runScenario(server.base, {
        name: 'helper list, random ZIPs, 1 connection',
        amount: 1000,
        connections: 1,
        paths,
      }),
      await bare.measure(20, 4000),
    ];
    // The same list while the company accepts its New orders as fast as 10 connections go.
    const staff = await benchLogin(server.base, DEMO_ACCOUNTS.staff);
    const open = (
      (await server.database.db.execute(sql`
        select o.id from orders o join users u on u.company_id = o.company_id and u.email = ${DEMO_ACCOUNTS.staff}
        where o.status = ${ORDER_STATUS.new} and o.response_deadline > now() order by o.id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const [underLoad, accepting] = await Promise.all([
      runScenario(server.base, {
        name: 'helper list, random ZIPs, 20 connections, while accepts run',
        amount: 4000,
        connections: 20,
        paths,
      }),
      runScenario(server.base, {
        name: 'accept a New order, 10 connections (beside the list)',
        amount: open.length,
        connections: 10,
        method: 'POST',
        body: '{}',
        paths: open.map((o) => `/api/dashboard/orders/${o.id}/accept`),
        headers: { ...staff, 'content-type': 'application/json' },
      }),
    ]);
    rows.push(underLoad, accepting);
    const targets = [
      judge(HELPERS_TARGET, rows[0]!, { p99Below: 50 }),
      judge(`${HELPERS_TARGET}, while the accept load runs`, underLoad, { p99Below: 50 }),
    ];
    return { rows, targets, found: found / 50 };
  } finally {
    await bare.close();
    await server.stop();
  }
}
