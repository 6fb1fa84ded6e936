import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { smsOutbox } from '../src/db/schema.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { createSms } from '../src/sms/sms.ts';
import {
  LOOPBACK_TWILIO,
  startLoopbackTwilio,
  TWILIO_INVALID,
  TWILIO_UNSUBSCRIBED,
} from './helpers/loopback-twilio.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * The SMS outbox (decision 031): texts go to opted-in users only, through Twilio's REST protocol
 * (a loopback server here), once each however many dispatchers run.
 */

type TTwilio = Awaited<ReturnType<typeof startLoopbackTwilio>>;
let twilio: TTwilio;
let t: TTestApp;
beforeAll(async () => {
  twilio = await startLoopbackTwilio();
  t = await createTestApp({ env: twilio.env() });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const rowsOf = (userId: number) => t.deps.db.select().from(smsOutbox).where(eq(smsOutbox.userId, userId));

async function optedIn(phone = '+1 (213) - 555 - 0142') {
  const u = await createUser(t.deps.db, { phone });
  await t.services.users.updateUser(t.deps.db, u.id, { smsOptIn: true });
  return u;
}

describe('text messages through a Twilio-compatible API', () => {
  it('sends an opted-in user a text: E.164, Basic auth, the provider id kept', async () => {
    const u = await optedIn();
    expect(t.deps.sms.sending).toBe(true);
    expect(
      await t.deps.sms.queue(t.deps.db, { userId: u.id, to: u.phone, body: 'Your move is tomorrow' }),
    ).toBe(true);
    await t.deps.sms.dispatch();
    const [row] = await rowsOf(u.id);
    expect(row).toMatchObject({ to: '+12135550142', status: 'sent', attempts: 1, lastError: null });
    expect(row?.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.messages.find((m) => m.sid === row?.providerId)).toEqual({
      sid: row?.providerId,
      to: '+12135550142',
      from: LOOPBACK_TWILIO.from,
      body: 'Your move is tomorrow',
    });
  });

  it('an opted-out user or a number that is not E.164-able gets nothing', async () => {
    const out = await createUser(t.deps.db, { phone: '+1 (213) - 555 - 0143' });
    expect(await t.deps.sms.queue(t.deps.db, { userId: out.id, to: out.phone, body: 'x' })).toBe(false);
    const bad = await optedIn('+1 (113) - 555 - 0144');
    expect(await t.deps.sms.queue(t.deps.db, { userId: bad.id, to: bad.phone, body: 'x' })).toBe(false);
    expect(await t.deps.sms.queue(t.deps.db, { userId: bad.id, to: null, body: 'x' })).toBe(false);
    expect(await rowsOf(out.id)).toEqual([]);
    expect(await rowsOf(bad.id)).toEqual([]);
  });

  it('a queued text rolls back with its transaction', async () => {
    const u = await optedIn();
    await expect(
      t.deps.db.transaction(async (tx) => {
        await t.deps.sms.queue(tx, { userId: u.id, to: u.phone, body: 'never' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('a permanent refusal (unsubscribed 21610, invalid 21211) fails at once without retry', async () => {
    const a = await optedIn(TWILIO_UNSUBSCRIBED);
    const b = await optedIn(TWILIO_INVALID);
    const ok = await optedIn('+1 (213) - 555 - 0145');
    await t.deps.sms.queue(t.deps.db, { userId: a.id, to: a.phone, body: 'hello' });
    await t.deps.sms.queue(t.deps.db, { userId: b.id, to: b.phone, body: 'hello' });
    await t.deps.sms.queue(t.deps.db, { userId: ok.id, to: ok.phone, body: 'hello' });
    await t.deps.sms.dispatch();
    const [ra] = await rowsOf(a.id);
    const [rb] = await rowsOf(b.id);
    expect(ra).toMatchObject({ status: 'failed', attempts: 1 });
    expect(ra?.lastError).toContain('21610');
    expect(rb).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rb?.lastError).toContain('21211');
    // The permanent failures did not hold up the next text.
    expect((await rowsOf(ok.id))[0]?.status).toBe('sent');
    const before = twilio.requests;
    await t.deps.sms.dispatch();
    expect(twilio.requests).toBe(before);
  });

  it('a temporary failure (503) is retried, then sent; the dispatcher backs off meanwhile', async () => {
    const u = await optedIn('+1 (213) - 555 - 0146');
    await t.deps.sms.queue(t.deps.db, { userId: u.id, to: u.phone, body: 'retry me' });
    twilio.failNext(1);
    await t.deps.sms.dispatch();
    expect((await rowsOf(u.id))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await rowsOf(u.id))[0]?.lastError).toContain('503');
    // kick() respects the backoff: nothing is sent before it ends.
    t.deps.sms.kick();
    await t.deps.sms.flush();
    expect((await rowsOf(u.id))[0]?.status).toBe('queued');
    await t.deps.sms.dispatch();
    expect((await rowsOf(u.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('wrong credentials: Twilio answers 20003, the text stays queued (a settings fix lets it go)', async () => {
    const wrong = await createTestApp({
      database: t.database,
      env: { ...twilio.env(), TWILIO_AUTH_TOKEN: 'wrongtoken0123456789abcdef' },
    });
    try {
      const u = await optedIn('+1 (213) - 555 - 0147');
      await wrong.deps.sms.queue(wrong.deps.db, { userId: u.id, to: u.phone, body: 'auth' });
      await wrong.deps.sms.dispatch();
      const [row] = await rowsOf(u.id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row?.lastError).toContain('20003');
      await t.deps.sms.dispatch();
      expect((await rowsOf(u.id))[0]?.status).toBe('sent');
    } finally {
      await wrong.close();
    }
  });

  it('gives up after five temporary failures', async () => {
    const log = t.app.log;
    const sms = createSms({
      db: t.deps.db,
      twilio: null,
      log,
      provider: { send: () => Promise.reject(new Error('down')) },
    });
    const u = await optedIn('+1 (213) - 555 - 0148');
    await sms.queue(t.deps.db, { userId: u.id, to: u.phone, body: 'x' });
    for (let i = 0; i < 5; i++) await sms.dispatch();
    expect((await rowsOf(u.id))[0]).toMatchObject({ status: 'failed', attempts: 5, lastError: 'down' });
    await sms.stop();
  });

  it('two dispatchers (two API processes) send each text once', async () => {
    const second = await createTestApp({ database: t.database, env: twilio.env() });
    try {
      const people = await Promise.all(
        Array.from({ length: 6 }, (_, i) => optedIn(`+1 (213) - 555 - 02${10 + i}`)),
      );
      for (const p of people)
        await t.deps.sms.queue(t.deps.db, { userId: p.id, to: p.phone, body: `once ${p.id}` });
      const before = twilio.messages.length;
      await Promise.all([t.deps.sms.dispatch(), second.deps.sms.dispatch(), t.deps.sms.dispatch()]);
      const sent = twilio.messages.slice(before).map((m) => m.body);
      expect(sent.sort()).toEqual(people.map((p) => `once ${p.id}`).sort());
      for (const p of people) expect((await rowsOf(p.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await second.close();
    }
  });
});

describe('stored mode (no Twilio settings)', () => {
  it('keeps texts as stored rows and calls no one', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      expect(plain.deps.sms.sending).toBe(false);
      const u = await optedIn('+1 (213) - 555 - 0149');
      const before = twilio.requests;
      expect(await plain.deps.sms.queue(plain.deps.db, { userId: u.id, to: u.phone, body: 'stored' })).toBe(
        true,
      );
      await plain.deps.sms.dispatch();
      expect((await rowsOf(u.id))[0]).toMatchObject({ status: 'stored', to: '+12135550149', attempts: 0 });
      expect(twilio.requests).toBe(before);
    } finally {
      await plain.close();
    }
  });
});

describe('TWILIO_* settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' };
  it('all three or none, each checked, in our words', () => {
    expect(loadConfig(base).twilio).toBeNull();
    expect(
      loadConfig({
        ...base,
        TWILIO_ACCOUNT_SID: LOOPBACK_TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: LOOPBACK_TWILIO.authToken,
        TWILIO_FROM: '+14155550100',
      }).twilio,
    ).toEqual({
      accountSid: LOOPBACK_TWILIO.accountSid,
      authToken: LOOPBACK_TWILIO.authToken,
      from: '+14155550100',
      baseUrl: 'https://api.twilio.com',
    });
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: LOOPBACK_TWILIO.accountSid })).toThrow(
      /missing TWILIO_AUTH_TOKEN, TWILIO_FROM/,
    );
    const full = {
      ...base,
      TWILIO_ACCOUNT_SID: LOOPBACK_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: LOOPBACK_TWILIO.authToken,
      TWILIO_FROM: '+14155550100',
    };
    expect(() => loadConfig({ ...full, TWILIO_ACCOUNT_SID: 'XX123' })).toThrow(/AC followed by 32/);
    expect(() => loadConfig({ ...full, TWILIO_FROM: '415-555-0100' })).toThrow(/E.164/);
    expect(() => loadConfig({ ...full, TWILIO_BASE_URL: 'ftp://x' })).toThrow(/TWILIO_BASE_URL/);
    expect(loadConfig({ ...full, TWILIO_BASE_URL: 'http://127.0.0.1:9/' }).twilio?.baseUrl).toBe(
      'http://127.0.0.1:9',
    );
  });
});
