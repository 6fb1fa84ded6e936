import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/db/seed/factories.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('reminder claims (decision 031)', () => {
  it('a reminder is claimed once however many callers race', async () => {
    const u = await createUser(t.deps.db);
    const now = t.clock.now();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.services.reminders.claim(t.deps.db, { kind: 'day_before', ref: 'order:1', userId: u.id, now }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Another user or another job is another key.
    expect(
      await t.services.reminders.claim(t.deps.db, { kind: 'day_before', ref: 'order:2', userId: u.id, now }),
    ).toBe(true);
  });

  it('a re-armable claim is taken again only after its interval', async () => {
    const u = await createUser(t.deps.db);
    const at = (min: number) => new Date(t.clock.now().getTime() + min * 60_000);
    const claim = (min: number) =>
      t.services.reminders.claim(t.deps.db, {
        kind: 'message_digest',
        ref: 'order:9',
        userId: u.id,
        now: at(min),
        rearmBefore: at(min - 60),
      });
    expect(await claim(0)).toBe(true);
    expect(await claim(30)).toBe(false);
    expect(await claim(59)).toBe(false);
    expect(await claim(61)).toBe(true);
    expect(await claim(100)).toBe(false);
  });
});
