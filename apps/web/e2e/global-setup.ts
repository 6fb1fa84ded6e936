import { appendFileSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { mailFile, SMTP_PORT } from './mailbox.ts';

/**
 * A local SMTP server for the run: the API (webServer, SMTP_URL) delivers its mail here, and
 * each message is appended to a JSON-lines file that tests read links from. Playwright starts
 * the webServer before this runs; that is fine, because mail is only sent when a test asks
 * for it (and the API's outbox retries every 30 s anyway).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const file = mailFile();
  writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
        const subject = headers.match(/^Subject: (.*)$/im)?.[1]?.trim() ?? '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        appendFileSync(
          file,
          `${JSON.stringify({ to, subject, raw, receivedAt: new Date().toISOString() })}\n`,
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
