import { inflateSync } from 'node:zlib';
import type { TJobView, TToday } from '@haulpro/shared/move-day';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderJobs, orders, payouts, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * The move-day demo (README, decision 030): Demo Movers' Today has a job under way, one waiting
 * for its signature and one not started; every confirmed demo job's bill agrees to the cent on
 * the job page's API, the order, the ledger and its work order PDF.
 */

let t: TTestApp;
let staff: string;
const token = async (email: string) => {
  const [u] = await t.deps.db.select().from(users).where(eq(users.email, email));
  return tokenFor(t.deps.db, u!.id);
};
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.deps.db, t.deps.storage);
  staff = await token(DEMO_ACCOUNTS.staff);
});
afterAll(() => t.close());

/** The text pdf-lib draws with a standard font: each content stream inflated, its hex strings decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
    const bytes = Buffer.from(m[1]!, 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return m[1]!;
    }
  });
  const hex = streams.join('\n').match(/<([0-9A-Fa-f]+)>\s*Tj/g) ?? [];
  return hex.map((h) => Buffer.from(h.slice(1, h.indexOf('>')), 'hex').toString('latin1')).join('\n');
}

describe('the move-day demo', () => {
  it("shows today's jobs: one under way, one waiting for its signature, one not started", async () => {
    const r = await call<{ data: TToday }>(t.app, 'GET', '/api/dashboard/today', { token: staff });
    expect(r.status).toBe(200);
    const states = r.body.data.jobs.filter((j) => j.kind === 'order').map((j) => j.state);
    expect(states).toEqual(expect.arrayContaining(['not_started', 'finished']));
    expect(states.some((s) => s === 'working' || s === 'on_break')).toBe(true);
    const waiting = r.body.data.jobs.find((j) => j.state === 'finished')!;
    const job = await call<{ data: TJobView }>(t.app, 'GET', `/api/dashboard/orders/${waiting.id}/job`, {
      token: staff,
    });
    expect(job.body.data).toMatchObject({ can_sign: true });
    expect(job.body.data.changes.map((c) => c.status).sort()).toEqual(['approved', 'pending']);
  });

  it('agrees to the cent on the API, the order, the ledger and the PDF for every confirmed demo job', async () => {
    const confirmed = await t.deps.db.select().from(orderJobs).where(isNotNull(orderJobs.confirmedAt));
    expect(confirmed.length).toBeGreaterThanOrEqual(7);
    let overtime = 0;
    for (const j of confirmed) {
      const r = await call<{ data: TJobView }>(t.app, 'GET', `/api/dashboard/orders/${j.orderId}/job`, {
        token: staff,
      });
      expect(r.status).toBe(200);
      const cents = Math.round(r.body.data.bill.total * 100);
      const [o] = await t.deps.db.select().from(orders).where(eq(orders.id, j.orderId));
      const [p] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, j.orderId));
      expect(o!.finalPrice, `order ${j.orderId}`).toBe(cents);
      expect(p!.gross, `ledger ${j.orderId}`).toBe(cents);
      if (r.body.data.bill.extra_minutes > 0) overtime++;
      const pdf = await t.app.inject({ method: 'GET', url: r.body.data.work_order_url! });
      expect(pdf.statusCode).toBe(200);
      expect(pdfText(pdf.rawPayload)).toContain(`$${r.body.data.bill.total.toFixed(2)}`);
    }
    expect(overtime).toBeGreaterThan(0);
  });
});
