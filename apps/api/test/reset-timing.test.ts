import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * Asking for a reset link takes as long for an unknown address as for a known one (decision 001:
 * timing reveals nothing; issue 26 measured 8 ms against 4 ms). Medians of many calls, taken in
 * turn so that noise falls on both, compared as a ratio rather than as absolute times.
 */
const ROUNDS = 40;
let t: TTestApp;
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const known: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock });
  // One account per known call: each gets a real link (none is held back by the one-a-minute throttle).
  for (let i = 0; i < ROUNDS + 5; i += 1) known.push((await createUser(t.deps.db)).email);
});
afterAll(() => t.close());

let calls = 0;
async function timed(email: string): Promise<number> {
  // Each call from its own address: the route's limit of 10 a minute is not what this measures.
  calls += 1;
  const ip = `10.0.${Math.floor(calls / 250)}.${(calls % 250) + 1}`;
  const start = process.hrtime.bigint();
  const r = await call(t.app, 'GET', `/api/dashboard/auth/reset-password/${encodeURIComponent(email)}`, {
    ip,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  expect(r.status).toBe(200);
  return ms;
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

describe('reset-password timing', () => {
  it('a known and an unknown address take the same time (ratio of medians within 1.5)', async () => {
    // Warm both paths first (JIT, prepared statements).
    for (let i = 0; i < 5; i += 1) {
      await timed(known[ROUNDS + i]!);
      await timed(`warm-${i}@nowhere.test`);
    }
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      knownMs.push(await timed(known[i]!));
      unknownMs.push(await timed(`nobody-${i}@nowhere.test`));
    }
    const a = median(knownMs);
    const b = median(unknownMs);
    console.info(`reset-password medians: known ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms`);
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(1.5);
  });

  it('a known address asked again within the minute (no second mail) takes the same time too', async () => {
    const again: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      again.push(await timed(known[i]!));
      unknownMs.push(await timed(`nobody-again-${i}@nowhere.test`));
    }
    const a = median(again);
    const b = median(unknownMs);
    console.info(`reset-password medians: throttled ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms`);
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(1.5);
  });
});
