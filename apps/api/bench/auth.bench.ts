/**
 * Hot authenticated paths: the session check, the notifications bell with 2,000 rows (page 1 and
 * a deep page) at 50 connections beside a bare Fastify route measured in the same run, and
 * sign-in (scrypt).
 */
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import {
  BROWSER_HEADERS,
  benchLogin,
  judge,
  runScenario,
  startBareRoute,
  startBenchServer,
  type TResultRow,
  type TTarget,
} from './harness.ts';

const NOTIFICATIONS = 2000;
const CONNECTIONS = 50;

export async function authBench(): Promise<{ rows: TResultRow[]; targets: TTarget[] }> {
  const server = await startBenchServer(async ({ db }) => {
    const [staff] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.staff));
    // Every tenth unread, a second apart, like a busy company's bell.
    await db.execute(sql`
      insert into notifications (user_id, title, link, read_at, created_at)
      select ${staff!.id}::int, 'Order #' || g || ' was accepted', '/orders?order_id=' || g,
        case when g % 10 = 0 then null else now() end, now() - make_interval(secs => ${NOTIFICATIONS}::int - g)
      from generate_series(1, ${NOTIFICATIONS}::int) g`);
    await db.execute(sql`analyze notifications`);
  });
  const bare = await startBareRoute();
  try {
    const login = JSON.stringify({ email: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD });
    const headers = { ...(await benchLogin(server.base, DEMO_ACCOUNTS.staff)), ...BROWSER_HEADERS };
    const loaded = (name: string, path: string) =>
      runScenario(server.base, {
        name,
        // As long as the bare route's run: a short run is judged by its one GC pause.
        amount: 20_000,
        warmup: 2000,
        connections: CONNECTIONS,
        paths: [path],
        headers,
      });
    const bareRow = await bare.measure(CONNECTIONS);
    const page1 = await loaded('GET notifications (2,000 rows) p1, 50 conns', '/api/dashboard/notifications');
    const deep = await loaded(
      'GET notifications (2,000 rows) page 100, 50 conns',
      '/api/dashboard/notifications?page=100',
    );
    const check = await loaded('GET auth/check, 50 conns', '/api/dashboard/auth/check');
    const rows: TResultRow[] = [
      bareRow,
      page1,
      deep,
      check,
      await runScenario(server.base, {
        name: 'GET /api/health, 10 conns',
        amount: 3000,
        connections: 10,
        paths: ['/api/health'],
      }),
      await runScenario(server.base, {
        name: 'GET notifications p1, 1 conn',
        amount: 500,
        warmup: 50,
        connections: 1,
        paths: ['/api/dashboard/notifications'],
        headers,
      }),
      await runScenario(server.base, {
        name: 'POST auth/login (scrypt), 4 conns',
        amount: 100,
        connections: 4,
        method: 'POST',
        paths: ['/api/dashboard/auth/login'],
        headers: { 'content-type': 'application/json' },
        body: login,
      }),
    ];
    const target = (what: string, row: TResultRow) =>
      judge(`${what}: at 50 connections at least 40 % of the bare route's req/s and p99 < 25 ms`, row, {
        p99Below: 25,
        bare: bareRow,
        share: 0.4,
      });
    return {
      rows,
      targets: [
        target('Notifications with 2,000 rows (page 1)', page1),
        target('Notifications with 2,000 rows (page 100)', deep),
      ],
    };
  } finally {
    await bare.close();
    await server.stop();
  }
}
