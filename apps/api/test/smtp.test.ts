import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

type TReceived = { from: string; to: string[]; raw: string };

let t: TTestApp;
let server: SMTPServer;
const received: TReceived[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Haulpro <no-reply@haulpro.test>' },
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Decodes quoted-printable soft breaks and escapes so the link can be read back. */
function unQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

describe('mail over real SMTP', () => {
  it('sends the password reset e-mail through the SMTP server and marks the outbox row sent', async () => {
    const u = await createUser(t.deps.db, { email: 'smtp-user@example.test' });
    const r = await call(t.app, 'GET', '/api/dashboard/auth/reset-password/smtp-user%40example.test');
    expect(r.status).toBe(200);
    await t.deps.mailer.flush();
    for (let i = 0; i < 50 && received.length === 0; i += 1) await new Promise((res) => setTimeout(res, 50));

    expect(received).toHaveLength(1);
    const msg = received[0]!;
    expect(msg.from).toBe('no-reply@haulpro.test');
    expect(msg.to).toEqual([u.email]);
    expect(msg.raw).toMatch(/^Subject: Reset your Haulpro password/m);
    expect(unQuotedPrintable(msg.raw)).toMatch(
      /http:\/\/haulpro\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/,
    );

    const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.to, u.email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });
});
