import type { TJobLine } from '@haulpro/shared/move-day';
import type { TAuth, TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import { together } from '../../db/together.ts';
import type { TAlsoIfWon } from '../../db/written-row.ts';
import { toDollars } from '../../domain/money.ts';
import type { TOrderAction, TParty } from '../../domain/order-machine.ts';
import { newOrderMail } from '../../mail/templates.ts';
import type { TNotificationsService } from '../notifications/notifications.service.ts';
import type { TReferralsService } from '../referrals/referrals.service.ts';
import type { TUsersService } from '../users/users.service.ts';
import type { TOrderMoneyFronts } from './order-money.ts';
import type { TOrderRow } from './order-view.ts';
import { findBranchName } from './orders.repository.ts';

/** "The company accepted order #12": what the other side reads after a step. */
const PAST_TENSE: Record<TOrderAction, string> = {
  accept: 'accepted',
  reject: 'rejected',
  request_reschedule: 'asked to reschedule',
  reschedule_instantly: 'rescheduled',
  approve_reschedule: 'approved the new date of',
  reject_reschedule: 'declined the new date of',
  complete: 'completed',
  cancel: 'cancelled',
  archive: 'archived',
  review: 'reviewed',
  expire: 'expired',
  paid: 'paid for',
};

/** What the orders writer asks of other modules (handed in by the orders service). */
/** The move-day module, heard through a port (it is built after the orders module). */
export type TOrderMoveDayPort = {
  /** The job of an order: no step yet, the crew's clock running, or finished (Finish work pressed). */
  jobState(orderId: number): Promise<'none' | 'running' | 'finished'>;
  /** The customer's confirmation of a finished job's final bill, with its tip (dollars). */
  confirm(auth: TAuth, orderId: number, tip?: number): Promise<{ tipCheckoutUrl: string | null }>;
  /** The job lines of a page of the customer's orders, by order id (orders on their move day only). */
  jobLines(rows: readonly TOrderRow[], now: Date): Promise<Map<number, TJobLine>>;
};

export type TOrderFronts = {
  moveDay?: TOrderMoveDayPort;
  notifications: Pick<TNotificationsService, 'notify' | 'notifyEach' | 'notifyIf' | 'notifyEachIf'>;
  users: Pick<TUsersService, 'companyStaffIds' | 'companyStaffEmails'>;
  referrals: Pick<TReferralsService, 'creditReferrerIf' | 'returnCouponOfUnservedOrder'>;
} & TOrderMoneyFronts;

type TNoticeDeps = Pick<TDeps, 'mailer' | 'config'> & Pick<TOrderFronts, 'notifications' | 'users'>;

const customerLink = (id: number) => `/user-dashboard?order_id=${id}`;
const companyLink = (id: number) => `/orders?order_id=${id}`;

/**
 * A new order reaches the company (placed for cash, or paid by card): a notification and an
 * e-mail to each of its staff, in the caller's transaction, one statement each with no read of
 * the staff first; with the branch's name given, both are sent when this is called. The caller
 * kicks the mailer after the commit (`mailer.kick()`).
 */
export async function tellCompanyOfNewOrder(
  tx: TTx,
  deps: TNoticeDeps,
  o: Pick<TOrderRow, 'id' | 'companyId' | 'branchId' | 'arrivalDate' | 'arrivalTime' | 'orderPrice'>,
  /** The branch's name when the caller has it already (the booking priced on its row). */
  knownBranchName?: string,
): Promise<void> {
  const branchName = knownBranchName ?? (await findBranchName(tx, o.branchId)) ?? '';
  const mail = newOrderMail({
    orderId: o.id,
    branchName,
    date: o.arrivalDate,
    window: o.arrivalTime,
    total: `$${toDollars(o.orderPrice).toFixed(2)}`,
    url: `${deps.config.publicUrl}${companyLink(o.id)}`,
  });
  await together([
    deps.notifications.notifyEach(tx, deps.users.companyStaffIds(o.companyId), {
      title: `New order #${o.id}`,
      link: companyLink(o.id),
    }),
    deps.mailer.enqueueEach(tx, deps.users.companyStaffEmails(o.companyId), mail),
  ]);
}

/** A step's notices: writes its own statement carries (`also`), and one of its own (`write`). */
export type TStepNotices = { also: TAlsoIfWon[]; write?: (tx: TTx) => Promise<void> };

/**
 * Who hears of a step, and what, as writes the step's statement carries, made only if it won: the
 * customer of a company's step (customerNoticeOfStep); the company's staff of a customer's step
 * (nobody for an archive: it only tidies one's own list); both sides when the system rejects an
 * unanswered order; the customer and the company's staff when a card payment goes through (the
 * staff's mail is the one write of its own).
 */
export function noticesOfStep(
  deps: TNoticeDeps,
  o: TOrderRow,
  party: TParty,
  action: TOrderAction,
): TStepNotices {
  const { notifications } = deps;
  const told = customerNoticeOfStep(o, party, action);
  const also: TAlsoIfWon[] = told ? [(won) => notifications.notifyIf(won, told.userId, told)] : [];
  const tellCustomer = (title: string) =>
    also.push((won) => notifications.notifyIf(won, o.customerId, { title, link: customerLink(o.id) }));
  const tellStaff = (title: string) =>
    also.push((won) =>
      notifications.notifyEachIf(won, deps.users.companyStaffIds(o.companyId), {
        title,
        link: companyLink(o.id),
      }),
    );
  if (action === 'archive' || party === 'company') return { also };
  if (party === 'system') {
    if (action === 'expire') {
      tellCustomer(`Order #${o.id} was not answered in time`);
      tellStaff(`Order #${o.id} was rejected automatically`);
    } else if (action === 'paid') {
      tellCustomer(`Payment received for order #${o.id}`);
      return { also, write: (tx) => tellCompanyOfNewOrder(tx, deps, o) };
    }
    return { also };
  }
  // A customer's step.
  tellStaff(`${o.name} ${PAST_TENSE[action]} order #${o.id}`);
  return { also };
}

/**
 * The notice of a company's step to the customer ("The company accepted order #12"), which the
 * step's own statement writes (notifyIf); null for every other step (noticesOfStep tells those).
 */
export function customerNoticeOfStep(
  o: TOrderRow,
  party: TParty,
  action: TOrderAction,
): { userId: number; title: string; link: string } | null {
  if (party !== 'company' || action === 'archive') return null;
  return {
    userId: o.customerId,
    title: `The company ${PAST_TENSE[action]} order #${o.id}`,
    link: customerLink(o.id),
  };
}

/** A card payment that did not go through: the customer may try again from the order. */
export async function tellCustomerPaymentFailed(
  tx: TTx,
  deps: Pick<TNoticeDeps, 'notifications'>,
  o: TOrderRow,
): Promise<void> {
  await deps.notifications.notify(tx, o.customerId, {
    title: `Payment for order #${o.id} did not go through`,
    link: customerLink(o.id),
  });
}
