/**
 * A delivery's bidders are read by the delivery alone: its live events on every step while it is
 * New (drizzle/0026), the mail to its bidders, the cascade of a deleted delivery. With many
 * bidder rows that read must use an index, not scan them all (issue 30: 60 ms a step at a
 * million rows before delivery_bidders_delivery_idx).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

class RolledBack extends Error {}

it("reads one delivery's bidders through an index among 60,000 bidder rows", async () => {
  let plan = '';
  await t.deps.db
    .transaction(async (tx) => {
      // Bidder rows of 6,000 deliveries that do not exist: the foreign keys are not checked here,
      // and everything is rolled back.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into delivery_bidders (delivery_id, labor_user_id, distance_km)
        select 1000000 + (g % 6000), 1000000 + g / 6000, 3 from generate_series(0, 59999) g`);
      await tx.execute(sql`
        insert into delivery_bidders (delivery_id, company_id, branch_id, distance_km)
        select 1000000 + g, 1000000 + g, 1000000 + g, 5 from generate_series(0, 5999) g`);
      await tx.execute(sql`analyze delivery_bidders`);
      // The query of haulpro_live_delivery_row (drizzle/0026_live_events_in_one_statement.sql).
      const r = await tx.execute(sql`
        explain select distinct b.audience from (
          select case when labor_user_id is not null then 'user:' || labor_user_id
            else 'company:' || company_id end as audience
          from delivery_bidders where delivery_id = 1000017) b`);
      const rows = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, string>[];
      plan = rows.map((row) => Object.values(row)[0]).join('\n');
      throw new RolledBack();
    })
    .catch((err) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  expect(plan, plan).toContain('delivery_bidders_delivery_idx');
  expect(plan, plan).not.toMatch(/Seq Scan on delivery_bidders/);
});
