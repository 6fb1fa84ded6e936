import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers/test-app.ts';
import type { TDatabase } from '../../db/client.ts';
import { createMemoryLimitCounters, type TLimitCounters } from '../../limits/limit-counters.ts';
import { createPgLimitCounters } from '../../limits/pg-limit-counters.ts';
import { createLoginLimiter, EMAIL_WIDE_FACTOR } from './login-limiter.ts';

/*
 * The sign-in limiter's rules, on the counters the app uses with this database: PostgreSQL's table
 * when DATABASE_URL is set, this process's memory on PGlite. Known addresses are in the database.
 */

function clockAt(ms: number) {
  const c = { t: ms, now: () => new Date(c.t) };
  return c;
}

const OWNER = '203.0.113.7';
const GUESSER = '198.51.100.9';

let database: TDatabase;
let counters: TLimitCounters;
let n = 0;
/** A fresh e-mail per test: the tests share one database. */
function newEmail(): string {
  n += 1;
  return `owner${n}@example.com`;
}

beforeAll(async () => {
  database = await openTestDatabase();
  counters = database.kind === 'postgres' ? createPgLimitCounters(database.db) : createMemoryLimitCounters();
});
afterAll(async () => {
  await database.close();
});

function limiter(clock: ReturnType<typeof clockAt>, perIp: number, perEmail: number) {
  return createLoginLimiter({ db: database.db, clock, counters }, perIp, perEmail);
}

/** A wrong password: the attempt is admitted or not; an admitted one stays counted. */
async function fail(l: ReturnType<typeof limiter>, ip: string, email: string): Promise<number> {
  return (await l.attempt(ip, email)).retryAfter;
}

async function succeed(l: ReturnType<typeof limiter>, ip: string, email: string): Promise<number> {
  const a = await l.attempt(ip, email);
  if (a.retryAfter === 0) await a.succeeded();
  return a.retryAfter;
}

describe('login limiter', () => {
  it('slows a guesser on the account it guesses, from its own address only', async () => {
    const clock = clockAt(Date.UTC(2027, 0, 1));
    const l = limiter(clock, 1000, 10);
    const email = newEmail();
    for (let i = 0; i < 10; i++) expect(await fail(l, GUESSER, email)).toBe(0);
    const wait = await fail(l, GUESSER, email);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // The owner, from another address, is not locked out.
    expect(await succeed(l, OWNER, email)).toBe(0);
    // The guesser may still try other accounts (the per-address budget bounds that).
    expect(await fail(l, GUESSER, newEmail())).toBe(0);
    // 15 minutes later the pair is free again.
    clock.t += 15 * 60_000 + 1;
    expect(await fail(l, GUESSER, email)).toBe(0);
  });

  it('bounds a guesser spread over many addresses, but never the owner’s known address', async () => {
    const clock = clockAt(Date.UTC(2027, 0, 2));
    const l = limiter(clock, 1000, 10);
    const email = newEmail();
    expect(await succeed(l, OWNER, email)).toBe(0);
    for (let i = 0; i < 10 * EMAIL_WIDE_FACTOR; i++)
      expect(await fail(l, `10.0.${i >> 8}.${i & 255}`, email)).toBe(0);
    expect(await fail(l, '192.0.2.1', email)).toBeGreaterThan(0);
    expect(await succeed(l, OWNER, email)).toBe(0);
    // A new limiter (a restart) over the same database still knows the owner's address.
    expect(await succeed(limiter(clock, 1000, 10), OWNER, email)).toBe(0);
    // Thirty days on, the address is no longer exempt, and the sweep forgets it.
    clock.t += 30 * 24 * 3600_000 + 1;
    expect(await l.sweepKnownAddresses(1000)).toBeGreaterThanOrEqual(1);
  });

  it('a success clears that pair’s failures and is no failure itself', async () => {
    const clock = clockAt(Date.UTC(2027, 0, 3));
    const l = limiter(clock, 1000, 3);
    const email = newEmail();
    for (let i = 0; i < 2; i++) expect(await fail(l, OWNER, email)).toBe(0);
    expect(await succeed(l, OWNER, email)).toBe(0);
    for (let i = 0; i < 3; i++) expect(await fail(l, OWNER, email)).toBe(0);
    expect(await fail(l, OWNER, email)).toBeGreaterThan(0);
  });

  it('a refused attempt counts nothing', async () => {
    const clock = clockAt(Date.UTC(2027, 0, 4));
    const l = limiter(clock, 1000, 2);
    const email = newEmail();
    for (let i = 0; i < 2; i++) expect(await fail(l, GUESSER, email)).toBe(0);
    // Hammering a locked pair does not spend the e-mail-wide budget (2 x 10 = 20).
    for (let i = 0; i < 30; i++) expect(await fail(l, GUESSER, email)).toBeGreaterThan(0);
    for (let i = 0; i < 18; i++) expect(await fail(l, `10.1.0.${i}`, email)).toBe(0);
    expect(await fail(l, '10.1.1.1', email)).toBeGreaterThan(0);
  });

  it('limits attempts per address per minute', async () => {
    const clock = clockAt(Date.UTC(2027, 0, 5));
    const l = limiter(clock, 5, 10);
    for (let i = 0; i < 5; i++) expect(await fail(l, GUESSER, newEmail())).toBe(0);
    expect(await fail(l, GUESSER, newEmail())).toBeGreaterThan(0);
    expect(await fail(l, OWNER, newEmail())).toBe(0);
    clock.t += 60_001;
    expect(await fail(l, GUESSER, newEmail())).toBe(0);
  });
});
