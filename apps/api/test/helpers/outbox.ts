import { desc, eq } from 'drizzle-orm';
import type { TDb } from '../../src/db/client.ts';
import { outbox } from '../../src/db/schema.ts';

export async function mailsTo(db: TDb, to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

/** The token from the newest e-mailed link to `to` whose path is `pathname`. */
export async function linkToken(db: TDb, to: string, pathname: string): Promise<string> {
  const [mail] = await mailsTo(db, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const m = new RegExp(`https?://[^\\s]+${pathname}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return decodeURIComponent(m[1]);
}
