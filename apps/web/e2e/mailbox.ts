import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The SMTP server the API sends mail to during the e2e run (see global-setup.ts). */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;

export type TCapturedMail = { to: string[]; subject: string; raw: string; receivedAt: string };

/** Every message received is appended here as one JSON line. */
export function mailFile(): string {
  const dir = process.env.HAULPRO_E2E_DATA_DIR;
  if (!dir) throw new Error('HAULPRO_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dir, 'mail.jsonl');
}

export function readMailbox(): TCapturedMail[] {
  const file = mailFile();
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TCapturedMail);
}

/** Undoes quoted-printable: soft line breaks (=CRLF) and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Waits for a message to `to` whose subject contains `subject`, and returns the newest. */
export async function waitForMail(to: string, subject: string): Promise<TCapturedMail> {
  const wanted = to.toLowerCase();
  let found: TCapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox()
          .filter((m) => m.to.some((a) => a.toLowerCase() === wanted) && m.subject.includes(subject))
          .at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${to} about "${subject}"`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message (decoded) whose path is `pathname`, as a path with its query. */
export function linkIn(mail: TCapturedMail, pathname: string): string {
  const body = decodeQuotedPrintable(mail.raw);
  const match = body.match(
    new RegExp(`https?://[^\\s"'<>]+${pathname.replace(/[/?]/g, '\\$&')}\\?[^\\s"'<>]+`),
  );
  if (!match) throw new Error(`no ${pathname} link in the mail "${mail.subject}"`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}
