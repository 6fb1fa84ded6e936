import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type TS3TestServer } from '../../../scripts/s3-test-server.mjs';
import { outbox } from '../src/db/schema.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';
import { PDF_BYTES } from './helpers/upload-fixtures.ts';

/* The work order's PDF is attached from whichever storage holds it (decision 033), over real SMTP. */
let s3: TS3TestServer;
let smtp: SMTPServer;
let smtpUrl: string;
const received: string[] = [];

beforeAll(async () => {
  s3 = await startS3TestServer({ dir: mkdtempSync(path.join(tmpdir(), 'haulpro-s3-')) });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s3?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe.each(['disk', 'database', 's3'] as const)('mail attachments with STORAGE=%s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: smtpUrl, ...(kind === 's3' ? s3.env : { STORAGE: kind }) } });
  });
  afterAll(() => t?.close());

  async function send(attachmentPath: string, subject: string) {
    const attachments = [
      { filename: 'work-order.pdf', path: attachmentPath, contentType: 'application/pdf' },
    ];
    await t.deps.mailer.enqueue(t.deps.db, {
      to: 'crew@example.test',
      subject,
      text: 'Attached.',
      attachments,
    });
    t.deps.mailer.kick();
    await t.deps.mailer.flush();
    const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.subject, subject));
    return row!;
  }

  it('sends the stored file as the attachment', async () => {
    const stored = await t.deps.storage.save('jobs', PDF_BYTES, 'pdf');
    const subject = `Work order ${kind}`;
    expect((await send(stored, subject)).status).toBe('sent');
    const raw = received.find((m) => m.includes(subject));
    expect(raw).toContain('filename=work-order.pdf');
    expect(raw?.replace(/\r?\n/g, '')).toContain(PDF_BYTES.toString('base64'));
  });

  it('fails the message (kept for a retry) when the file is not in the storage', async () => {
    const row = await send('/uploads/jobs/0b7c3c1e-3f4a-4a51-9d9e-1f2a3b4c5d6e.pdf', `Missing ${kind}`);
    expect(row.status).toBe('queued');
    expect(row.lastError).toMatch(/attachment not in the storage/);
    expect(received.some((m) => m.includes(`Missing ${kind}`))).toBe(false);
  });
});
