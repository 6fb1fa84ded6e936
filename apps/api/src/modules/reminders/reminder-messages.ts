import { showUpLabel } from '@haulpro/shared/order-wire';
import type { TMail } from '../../mail/mailer.ts';
import { layout } from '../../mail/templates.ts';

/** What the reminders say, by e-mail and by text (decision 031). Texts stay short: one or two segments. */

/** "Saturday, November 28" for a calendar date (YYYY-MM-DD), whatever the server's zone. */
export function longDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export type TDayBeforeFacts = {
  /** "move #12" or "delivery #7". */
  job: string;
  date: string;
  window: string;
  address: string;
  url: string;
};

function dayBeforeLines(f: TDayBeforeFacts, who: 'customer' | 'provider'): string[] {
  const when = `${longDate(f.date)}, ${showUpLabel(f.window).replace(/^Arrival/, 'arrival')}`;
  return who === 'customer'
    ? [`A reminder: your ${f.job} is tomorrow, ${when}.`, `Pickup: ${f.address}.`]
    : [`A reminder: ${f.job} is tomorrow, ${when}.`, `Pickup: ${f.address}.`];
}

export function dayBeforeMail(
  to: string,
  firstName: string,
  f: TDayBeforeFacts,
  who: 'customer' | 'provider',
): TMail {
  const title = `Tomorrow: ${f.job}`;
  const lines = [`Hi ${firstName},`, ...dayBeforeLines(f, who)];
  return {
    to,
    subject: `Reminder: ${f.job} is tomorrow`,
    text: `${lines.join('\n\n')}\n\nDetails: ${f.url}\n`,
    html: layout(title, lines, { label: 'See the details', url: f.url }),
  };
}

export function dayBeforeText(f: TDayBeforeFacts, who: 'customer' | 'provider'): string {
  return `Haulpro: ${dayBeforeLines(f, who).join(' ')} ${f.url} Reply STOP to stop texts.`;
}

/** "in 2 hours", "in 45 minutes": how long until bidding closes. */
export function closesIn(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The bell's title, the e-mail's line and the text: "Bidding closes in 2 hours: delivery #7 (Sofa)". */
export function biddingClosesTitle(d: { id: number; itemsName: string }, inWords: string): string {
  return `Bidding closes ${inWords}: delivery #${d.id} (${d.itemsName.slice(0, 80)})`;
}
