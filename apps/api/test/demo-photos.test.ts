import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.deps.db, t.deps.storage);
});
afterAll(() => t.close());

describe('demo photos', () => {
  it("the demo company's main branch shows four photos, one pinned first, served as PNG", async () => {
    const [staff] = await t.deps.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.staff));
    const [main] = await t.deps.db
      .select()
      .from(branches)
      .where(eq(branches.slug, 'demo-movers-los-angeles'));
    const token = await tokenFor(t.deps.db, staff!.id);
    const r = await call<{ data: { id: number; image: string; is_pinned: boolean }[] }>(
      t.app,
      'GET',
      `/api/dashboard/branches/${main!.id}/photos`,
      { token },
    );
    expect(r.body.data.map((p) => p.is_pinned)).toEqual([true, false, false, false]);
    for (const p of r.body.data) {
      const served = await t.app.inject({ method: 'GET', url: p.image });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      // A real PNG, 480 pixels square.
      expect(served.rawPayload.readUInt32BE(16)).toBe(480);
      expect(served.rawPayload.readUInt32BE(20)).toBe(480);
    }
  });
});
