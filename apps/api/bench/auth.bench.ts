/** Hot authenticated paths: session check, notifications list, sign-in (scrypt). */
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { notify } from '../src/modules/notifications/notifications.service.ts';
import { runScenario, startBenchServer, type TResultRow } from './harness.ts';

export async function authBench(): Promise<TResultRow[]> {
  const server = await startBenchServer(async ({ db }) => {
    const [staff] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.staff));
    for (let i = 0; i < 2000; i += 1)
      await notify(db, staff!.id, { title: `Order #${i} was accepted`, link: `/orders?order_id=${i}` });
  });
  try {
    const login = JSON.stringify({ email: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD });
    const res = await fetch(`${server.base}/api/dashboard/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: login,
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
    return [
      await runScenario(server.base, {
        name: 'GET /api/health',
        amount: 3000,
        connections: 10,
        paths: ['/api/health'],
      }),
      await runScenario(server.base, {
        name: 'GET auth/check',
        amount: 3000,
        connections: 10,
        paths: ['/api/dashboard/auth/check'],
        headers,
      }),
      await runScenario(server.base, {
        name: 'GET notifications (2000 rows)',
        amount: 3000,
        connections: 10,
        paths: ['/api/dashboard/notifications?page=50'],
        headers,
      }),
      await runScenario(server.base, {
        name: 'POST auth/login (scrypt)',
        amount: 100,
        connections: 4,
        method: 'POST',
        paths: ['/api/dashboard/auth/login'],
        headers: { 'content-type': 'application/json' },
        body: login,
      }),
    ];
  } finally {
    await server.stop();
  }
}
