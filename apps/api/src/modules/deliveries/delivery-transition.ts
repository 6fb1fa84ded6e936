import type { TLaborMailEvent } from '@haulpro/shared/account';
import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import type { TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import type { deliveries } from '../../db/schema.ts';
import {
  deliveryTransition,
  type TDeliveryAction,
  type TDeliveryParty,
  type TDeliveryRefusal,
  type TDeliveryState,
} from '../../domain/delivery-machine.ts';
import type { TLaborService } from '../labor/labor.service.ts';
import type { TNotificationsService } from '../notifications/notifications.service.ts';
import type { TPayoutsService } from '../payouts/payouts.service.ts';
import type { TUsersService } from '../users/users.service.ts';
import {
  adminIds,
  laborBidderIds,
  type TDeliveryOnceFlag,
  type TDeliveryRow,
  updateDeliveryIf,
} from './deliveries.repository.ts';
import { deliveryState } from './delivery-view.ts';

export const STALE_DELIVERY = 'This delivery was just changed by someone else. Please refresh and try again.';
export const TAKEN_DELIVERY = 'Another helper accepted this delivery first.';

export type TDeliveryStep = {
  party: TDeliveryParty;
  action: TDeliveryAction;
  /** The signed-in user who acted; null for the system (the payment provider). */
  actorUserId: number | null;
  now: Date;
  reason?: string | undefined;
  /** For a bidder: they rejected it before (the machine refuses a second reject). */
  rejectedByViewer?: boolean;
  /** More columns written with the new state: the action table's (delivery-actions.ts), never a caller's. */
  patch?: Partial<typeof deliveries.$inferInsert>;
  /** The action's own writes once the row is won (the ledger, the payout submission, the review). */
  effects?: (() => Promise<number | undefined>) | undefined;
};

const stale = (s: TDeliveryStep) =>
  ({
    ok: false,
    code: 'stale',
    message: s.action === 'accept' ? TAKEN_DELIVERY : STALE_DELIVERY,
  }) as const;

export type TDeliveryStepOutcome =
  | { ok: true; next: TDeliveryState; row: TDeliveryRow; effect: number | undefined }
  | TDeliveryRefusal
  | { ok: false; code: 'stale'; message: string };

function onceFlag(party: TDeliveryParty, action: TDeliveryAction): TDeliveryOnceFlag | undefined {
  if (action === 'archive') return party === 'customer' ? 'archivedByCustomer' : 'archivedByAcceptor';
  if (action === 'review') return party === 'customer' ? 'reviewedByCustomer' : 'reviewedByAcceptor';
  return undefined;
}

const customerLink = (id: number) => `/user-dashboard?delivery_id=${id}`;
const helperLink = (id: number) => `/deliveries?delivery_id=${id}`;

/** What the writer's notices ask of other modules (handed in by the deliveries service). */
/** What the deliveries' money asks of the payouts module (delivery-money.ts). */
export type TDeliveryPayouts = Pick<
  TPayoutsService,
  'recordJob' | 'recordMovement' | 'settle' | 'openTipCheckout' | 'chargeSavedCardTip'
>;

export type TDeliveryNoticeFronts = {
  notifications: Pick<TNotificationsService, 'notify' | 'notifyIf' | 'notifyEach'>;
  users: Pick<TUsersService, 'companyStaffIds' | 'setSmsOptIn'>;
  labor: Pick<TLaborService, 'mailIfWanted'>;
  payouts: TDeliveryPayouts;
};
type TNoticeDeps = TDeliveryNoticeFronts;

/**
 * Tells the acceptor (the labor user, or every staff member of the company). A labor user also
 * gets it by e-mail when they chose that kind of e-mail (`mail`; Settings > Notifications).
 */
async function tellAcceptor(
  tx: TTx,
  deps: TNoticeDeps,
  d: TDeliveryRow,
  title: string,
  mail: TLaborMailEvent,
) {
  if (d.acceptorUserId) {
    const link = `/labor-dashboard?delivery_id=${d.id}`;
    await deps.notifications.notify(tx, d.acceptorUserId, { title, link });
    await deps.labor.mailIfWanted(tx, d.acceptorUserId, mail, { title, link });
  } else if (d.acceptorCompanyId) {
    // Every staff member, in one statement.
    await deps.notifications.notifyEach(tx, deps.users.companyStaffIds(d.acceptorCompanyId), {
      title,
      link: helperLink(d.id),
    });
  }
}

/** Labor users who may bid on a delivery just opened for bidding, by e-mail if they chose it. */
async function mailBiddersOfNewDelivery(tx: TTx, deps: TNoticeDeps, deliveryId: number) {
  const title = `New delivery #${deliveryId} near you: bid before someone else does`;
  for (const userId of await laborBidderIds(tx, deliveryId))
    await deps.labor.mailIfWanted(tx, userId, 'new_delivery', { title, link: '/labor-dashboard' });
}

/**
 * The step's one notice when it goes to the customer alone: the step's own statement writes it
 * (notifyIf), only if its update won. Null when noticesOfStep tells whoever hears of it.
 */
function customerOnlyNotice(before: TDeliveryRow, s: TDeliveryStep): string | null {
  if (s.action === 'accept') return `Your delivery #${before.id} was accepted`;
  if (s.action === 'cancel' && s.party === 'acceptor')
    return `The helper gave up delivery #${before.id}: it is open for bidding again`;
  return null;
}

/**
 * Who hears of a step, as the writes to make after its statement won; null when nobody beyond
 * customerOnlyNotice does (archive and reject only tidy one's own list).
 */
function noticesOf(
  deps: TNoticeDeps,
  before: TDeliveryRow,
  s: TDeliveryStep,
  toStatus: number,
): ((tx: TTx) => Promise<unknown>) | null {
  const id = before.id;
  const c = (tx: TTx, title: string) =>
    deps.notifications.notify(tx, before.customerId, { title, link: customerLink(id) });
  if (customerOnlyNotice(before, s) !== null) return null;
  switch (s.action) {
    case 'cancel':
      if (before.status !== S.accepted) return null;
      return (tx) =>
        tellAcceptor(tx, deps, before, `The customer cancelled delivery #${id}`, 'delivery_updates');
    case 'complete':
      if (s.party === 'acceptor')
        return async (tx) => {
          for (const a of await adminIds(tx))
            await deps.notifications.notify(tx, a, {
              title: `Payout submitted for delivery #${id}`,
              link: '/admin',
            });
          await c(tx, `Delivery #${id} was submitted for payout`);
        };
      return (tx) =>
        tellAcceptor(
          tx,
          deps,
          before,
          `The customer confirmed delivery #${id}: your payout is recorded`,
          'delivery_updates',
        );
    case 'approve_payout':
      return async (tx) => {
        await tellAcceptor(tx, deps, before, `The payout for delivery #${id} was approved`, 'payouts');
        await c(tx, `Please confirm delivery #${id} is complete`);
      };
    case 'reject_payout':
      return (tx) =>
        tellAcceptor(
          tx,
          deps,
          before,
          `The payout for delivery #${id} was rejected: see the reason`,
          'payouts',
        );
    case 'paid':
      if (toStatus !== S.new) return null;
      return async (tx) => {
        await mailBiddersOfNewDelivery(tx, deps, id);
        await c(tx, `Payment received for delivery #${id}`);
      };
    default:
      return null;
  }
}

/**
 * The one writer of a delivery's state (decisions 016 and 017): every customer, helper and admin
 * action and the payment webhook step a delivery here, inside their own transaction:
 * 1. the pure machine decides from the row as read (a refusal writes nothing);
 * 2. one conditional update writes the next state only while the row is still as read (status,
 *    payout approval, the side's once-flag): of twenty concurrent accepts exactly one wins;
 * 3. a history row (and the customer's notice, when it is the step's only one) written by that
 *    same statement, the action's own writes (`effects`), then the other notices of the step.
 * Its one caller is the action funnel (delivery-act.ts), which takes the patch and the effects
 * from the table of actions.
 */
export function createDeliveryWriter(
  deps: Pick<TDeps, 'cache' | 'mailer' | 'config'>,
  fronts: TDeliveryNoticeFronts,
) {
  /** The machine's answer for a step from the row as read. */
  const plan = (d: TDeliveryRow, s: TDeliveryStep) =>
    deliveryTransition(deliveryState(d, s.rejectedByViewer ?? false), s.party, s.action, s.now, s.reason);

  /**
   * The step's one statement: the conditional update, its history row and, when it is the
   * step's only notice, the customer's (customerOnlyNotice), the last two only if the update won.
   */
  function writeStep(
    tx: TTx,
    d: TDeliveryRow,
    s: TDeliveryStep,
    p: Extract<ReturnType<typeof plan>, { ok: true }>,
  ) {
    const n = p.next;
    const told = customerOnlyNotice(d, s);
    return updateDeliveryIf(
      tx,
      d,
      { onceFlag: onceFlag(s.party, s.action) },
      {
        status: n.status,
        payoutApproved: n.payoutApproved,
        archivedByCustomer: n.archivedByCustomer,
        archivedByAcceptor: n.archivedByAcceptor,
        reviewedByCustomer: n.reviewedByCustomer,
        reviewedByAcceptor: n.reviewedByAcceptor,
        ...s.patch,
        updatedAt: s.now,
      },
      // The history row is written by the same statement, only if the update won.
      {
        actorUserId: s.actorUserId,
        actorParty: s.party,
        action: s.action,
        toStatus: n.status,
        reason: s.reason?.trim() || null,
        createdAt: s.now,
      },
      // So is the customer's notice, when it is the step's only one.
      told === null
        ? undefined
        : (gate) =>
            fronts.notifications.notifyIf(gate, d.customerId, { title: told, link: customerLink(d.id) }),
    );
  }

  return {
    /** Labor users who may bid on a delivery just opened for bidding (a cash booking), in its transaction. */
    mailBidders: (tx: TTx, deliveryId: number) => mailBiddersOfNewDelivery(tx, fronts, deliveryId),

    async step(tx: TTx, d: TDeliveryRow, s: TDeliveryStep): Promise<TDeliveryStepOutcome> {
      const p = plan(d, s);
      if (!p.ok) return p;
      const won = await writeStep(tx, d, s, p);
      if (!won) return stale(s);
      const effect = s.effects ? await s.effects() : undefined;
      await noticesOf(fronts, d, s, p.next.status)?.(tx);
      return { ok: true, next: p.next, row: won, effect };
    },

    /**
     * The same step without a transaction of its own, when its one statement is all it writes
     * (no effects, no notices of their own, and `alone(next status)` from the caller: no ledger
     * row): a helper's accept. The conditional update is the guard, so a read without a lock is
     * enough. Null when the step needs more, is refused, or lost a race: the caller then runs
     * `step` in a transaction from a locked read, which answers exactly as before.
     */
    async stepAlone(
      db: TDb,
      d: TDeliveryRow,
      s: TDeliveryStep,
      alone: (next: number) => boolean,
    ): Promise<TDeliveryRow | null> {
      const p = plan(d, s);
      if (!p.ok || s.effects || !alone(p.next.status) || noticesOf(fronts, d, s, p.next.status)) return null;
      // One statement is its own transaction: db stands in for one here.
      return (await writeStep(db as unknown as TTx, d, s, p)) ?? null;
    },

    committed(): void {
      // Jobs and webhooks write outside a request's write scope: forget what the step changed.
      deps.cache.invalidateTables(['deliveries', 'delivery_history', 'delivery_bidders', 'notifications']);
      setImmediate(() => deps.mailer.kick());
    },
  };
}

export type TDeliveryWriter = ReturnType<typeof createDeliveryWriter>;
