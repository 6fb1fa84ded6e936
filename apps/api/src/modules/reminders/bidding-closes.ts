import { BIDDING_CLOSES_NOTICE_HOURS } from '@haulpro/shared/talk';
import { layout } from '../../mail/templates.ts';
import {
  claimedFor,
  owedTo,
  sendOnce,
  type TClaimed,
  type TReminderDeps,
  type TReminderFronts,
  type TReminderSend,
} from './reminder-fronts.ts';
import { biddingClosesTitle, closesIn } from './reminder-messages.ts';

type TClosing = Awaited<ReturnType<TReminderFronts['deliveries']['closingBy']>>[number];

function closingMail(to: string, firstName: string, title: string, url: string) {
  const lines = [`Hi ${firstName},`, `${title}.`, 'Place your bid before it closes.'];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\nBid now: ${url}\n`,
    html: layout(title, lines, { label: 'Bid now', url }),
  };
}

async function closingSends(
  deps: TReminderDeps,
  fronts: TReminderFronts,
  done: TClaimed,
  d: TClosing,
): Promise<TReminderSend[]> {
  const ref = `delivery:${d.id}`;
  const title = biddingClosesTitle(d, closesIn(d.biddingDeadline.getTime() - deps.clock.now().getTime()));
  const sends: TReminderSend[] = [];
  for (const userId of d.laborUserIds) {
    const helper = await owedTo(deps.db, fronts, done, ref, userId);
    if (!helper) continue;
    const link = '/labor-dashboard';
    const choices = await fronts.labor.mailTarget(deps.db, userId);
    sends.push({
      ref,
      userId,
      bell: { title, link },
      // Settings > Notifications: "New deliveries near me".
      mail:
        choices && choices.newDelivery !== false
          ? closingMail(helper.email, helper.firstName, title, `${deps.config.publicUrl}${link}`)
          : null,
      text: { to: helper.phone, body: `Haulpro: ${title}. ${deps.config.publicUrl}${link}` },
    });
  }
  const staffIds = new Set<number>();
  for (const companyId of d.companyIds)
    for (const s of await fronts.users.listCompanyStaff(deps.db, companyId)) staffIds.add(s.id);
  for (const userId of staffIds) {
    const staff = await owedTo(deps.db, fronts, done, ref, userId);
    if (!staff) continue;
    const link = `/deliveries?delivery_id=${d.id}`;
    sends.push({
      ref,
      userId,
      bell: { title, link },
      text: { to: staff.phone, body: `Haulpro: ${title}. ${deps.config.publicUrl}${link}` },
    });
  }
  return sends;
}

/**
 * One run of the bidding-closes job (decision 031): every bidder of a New delivery whose bidding
 * closes within BIDDING_CLOSES_NOTICE_HOURS hears it once: the bell, an e-mail to a helper who
 * keeps "New deliveries near me" on, a text to whoever opted in.
 */
export async function runBiddingClosesNotices(deps: TReminderDeps, fronts: TReminderFronts): Promise<number> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + BIDDING_CLOSES_NOTICE_HOURS * 3_600_000);
  const closing = await fronts.deliveries.closingBy(now, until);
  if (!closing.length) return 0;
  const done = await claimedFor(
    deps,
    'bidding_closes',
    closing.map((d) => `delivery:${d.id}`),
  );
  let sent = 0;
  for (const d of closing)
    sent += await sendOnce(deps, fronts, 'bidding_closes', done, await closingSends(deps, fronts, done, d));
  return sent;
}
