import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TBuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { loggerOptions } from '../src/http/log-options.ts';
import { call } from './helpers/http.ts';
import { mailsTo } from './helpers/outbox.ts';
import { createTestClock, openTestDatabase } from './helpers/test-app.ts';

/*
 * Issue 26: with SMTP unset (production may run so) every e-mail used to be logged whole, reset
 * links included, so whoever read the log could reset any password. The log now says only that a
 * message was stored.
 */

const lines: string[] = [];
let built: TBuiltApp;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'haulpro-mail-log-')),
    PUBLIC_URL: 'http://haulpro.test',
  });
  const options = loggerOptions('trace') as Exclude<ReturnType<typeof loggerOptions>, boolean | undefined>;
  built = await buildApp({
    config: { ...config, smtpUrl: null },
    database,
    clock: createTestClock(new Date()),
    logger: { ...options, stream: { write: (l: string) => lines.push(l) } },
  });
  await built.app.ready();
});

afterAll(async () => {
  await built.app.close();
  await database.close();
});

describe('mail without SMTP', () => {
  it('logs that a reset mail was stored, never its body, link or token', async () => {
    const u = await createUser(database.db, { firstName: 'Logan' });
    const r = await call(
      built.app,
      'GET',
      `/api/dashboard/auth/reset-password/${encodeURIComponent(u.email)}`,
    );
    expect(r.status).toBe(200);

    const [mail] = await mailsTo(database.db, u.email);
    const link = /https?:\/\/\S+reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
    expect(link?.[1], 'the outbox keeps the whole message').toBeTruthy();
    const token = decodeURIComponent(link?.[1] ?? '');

    const stored = lines.filter((l) => l.includes('mail stored in outbox'));
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0] ?? '{}')).toMatchObject({ toDomain: u.email.split('@')[1] });
    const text = lines.join('\n');
    expect(text).not.toContain(token);
    expect(text).not.toContain(encodeURIComponent(token));
    expect(text).not.toContain('reset-password?token');
    expect(text).not.toContain(u.email);
    expect(text).not.toContain(mail?.text.slice(0, 40) ?? 'no body');
  });

  it('logs a verification mail without its link', async () => {
    const email = 'vera.verify@example.test';
    const r = await call(built.app, 'POST', '/api/dashboard/auth/register', {
      body: { first_name: 'Vera', last_name: 'Lee', email, password: 'long-enough' },
    });
    expect(r.status).toBe(200);
    const [mail] = await mailsTo(database.db, email);
    const link = /https?:\/\/\S+verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
    expect(link?.[1], 'the outbox keeps the whole message').toBeTruthy();
    const text = lines.join('\n');
    expect(text).not.toContain(decodeURIComponent(link?.[1] ?? ''));
    expect(text).not.toContain('verify-email?token');
    expect(text).not.toContain(email);
    expect(lines.filter((l) => l.includes('mail stored in outbox'))).toHaveLength(2);
  });
});
