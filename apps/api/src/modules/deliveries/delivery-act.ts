import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import type { TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import type { TDeliveryParty } from '../../domain/delivery-machine.ts';
import { refundOwed } from '../../domain/delivery-refund-machine.ts';
import { type AppError, conflict, invalid, notFound } from '../../domain/errors.ts';
import type { TCheckoutService } from '../checkout/checkout.service.ts';
import type { TReviewsService } from '../reviews/reviews.service.ts';
import {
  bidderRows,
  findDelivery,
  type TBidderRow,
  type TDeliveryActor,
  type TDeliveryRow,
} from './deliveries.repository.ts';
import {
  actionFor,
  type TActionContext,
  type TActionEntry,
  type TDeliveryCaller,
  type TDeliveryRequest,
} from './delivery-actions.ts';
import {
  findDeliveryToStep,
  listedAfterStep,
  type TDeliveryToStep,
  type TListedDelivery,
} from './delivery-context.repository.ts';
import { createDeliveryMoney } from './delivery-money.ts';
import { refundDelivery } from './delivery-refunds.ts';
import {
  createDeliveryWriter,
  TAKEN_DELIVERY,
  type TDeliveryNoticeFronts,
  type TDeliveryStep,
} from './delivery-transition.ts';

/** A company's bids over all its branches (the All branches view decides which branch takes it). */
export const wholeCompany = (a: TDeliveryActor): TDeliveryActor =>
  a.kind === 'company' ? { kind: 'company', companyId: a.companyId } : a;

/** Whose bids a helper's step reads: the labor user's, or their whole company's. */
function bidderOf(caller: TDeliveryCaller): Extract<TDeliveryActor, { kind: 'labor' | 'company' }> | null {
  if (caller.kind !== 'helper') return null;
  const a = wholeCompany(caller.actor);
  return a.kind === 'labor' || a.kind === 'company' ? a : null;
}

/** Does this helper hold the delivery? */
export const isAcceptor = (d: TDeliveryRow, a: TDeliveryActor): boolean =>
  (a.kind === 'labor' && d.acceptorUserId === a.userId) ||
  (a.kind === 'company' && d.acceptorCompanyId === a.companyId);

/**
 * Is this helper the delivery's acceptor, a bidder on it, or a stranger (404)? A bidder sees a
 * delivery only while it is open; one who loses the race to accept it gets 409, not 404. A
 * bidder's rows come back with the answer, so nothing reads them again.
 */
export async function helperParty(
  q: Parameters<typeof bidderRows>[0],
  d: TDeliveryRow,
  actor: TDeliveryActor,
  accepting = false,
  known?: TBidderRow[],
): Promise<{ party: 'acceptor' | 'bidder'; bids: TBidderRow[] }> {
  if (isAcceptor(d, actor)) return { party: 'acceptor', bids: [] };
  const bids = known ?? (await bidderRows(q, d.id, wholeCompany(actor)));
  if (!bids.length) throw notFound();
  if (d.status !== S.new) {
    if (accepting && d.status !== S.waitingForPayment) throw conflict(TAKEN_DELIVERY);
    throw notFound();
  }
  return { party: 'bidder', bids };
}

function refusal(r: { ok: false; code: string; message: string }): AppError {
  if (r.code === 'reason_required') return invalid({ reason: [r.message] });
  if (r.code === 'expired' || r.code === 'too_early') return invalid({ delivery: [r.message] });
  return conflict(r.message);
}

/**
 * The party the caller is for this row, by the action's audience; anyone else gets a 404. A
 * helper's bidder rows are read here unless they came with the row (`known`).
 */
async function partyOf(
  tx: TTx,
  row: TDeliveryRow,
  caller: TDeliveryCaller,
  audience: TActionEntry<TDeliveryRequest>['audience'],
  accepting: boolean,
  known?: TBidderRow[],
): Promise<{ party: TDeliveryParty; bids: TBidderRow[] }> {
  const none: TBidderRow[] = [];
  if (caller.kind === 'customer' && (audience === 'customer' || audience === 'customer_or_acceptor')) {
    if (row.customerId === caller.userId) return { party: 'customer', bids: none };
  } else if (caller.kind === 'helper' && audience === 'helper') {
    return helperParty(tx, row, caller.actor, accepting, known);
  } else if (caller.kind === 'helper' && audience === 'customer_or_acceptor') {
    if (isAcceptor(row, caller.actor)) return { party: 'acceptor', bids: none };
  } else if (caller.kind === 'admin' && audience === 'admin') return { party: 'admin', bids: none };
  else if (caller.kind === 'system' && audience === 'system') return { party: 'system', bids: none };
  throw notFound();
}

/** The writer's step for an action of the table, as the caller's party takes it. */
function stepOf(
  c: TActionContext,
  entry: TActionEntry<TDeliveryRequest>,
  patch: TDeliveryStep['patch'],
  effects: TDeliveryStep['effects'],
): TDeliveryStep {
  return {
    party: c.party,
    action: entry.action,
    actorUserId: c.caller.kind === 'system' ? null : c.caller.userId,
    now: c.now,
    reason: entry.reason?.(c.request),
    rejectedByViewer: c.party === 'bidder' && c.bids.length > 0 && c.bids.every((b) => b.rejected),
    patch,
    effects,
  };
}

export type TActed = {
  row: TDeliveryRow;
  party: TDeliveryParty;
  effect: number | undefined;
  /** The delivery's whole context after the step, when the step's read brought all of it. */
  listed?: TListedDelivery | undefined;
};

/**
 * The one action funnel of a delivery (ARCHITECTURE: one action funnel per state machine): the
 * row is loaded and locked once (`FOR UPDATE`), the caller's party is decided from it, the pure
 * machine decides through the one writer, one conditional update writes, and the patch and the
 * side effects (history, notices, ledger row, payout submission, review, refund state) come from
 * one table of actions (delivery-actions.ts). Callers say what they ask, never how it is written.
 */
export function createDeliveryFunnel(
  deps: TDeps,
  reviews: Pick<TReviewsService, 'writeInStep'>,
  fronts: TDeliveryNoticeFronts,
  checkout: Pick<TCheckoutService, 'refund'>,
) {
  const writer = createDeliveryWriter(deps, fronts);
  const money = createDeliveryMoney(deps, fronts.payouts);

  async function step(
    tx: TTx,
    caller: TDeliveryCaller,
    id: number,
    request: TDeliveryRequest,
    now: Date,
  ): Promise<TActed | null> {
    const entry = actionFor(request);
    const row = await findDelivery(tx, id, true);
    if (!row) {
      if (caller.kind === 'system') return null;
      throw notFound();
    }
    const { party, bids } = await partyOf(tx, row, caller, entry.audience, request.kind === 'accept');
    const c: TActionContext = { tx, row, caller, party, request, now, bids, reviews };
    if (entry.skip?.(c)) return null;
    const patch = entry.patch?.(c);
    const effects = entry.effects;
    const r = await writer.step(tx, row, stepOf(c, entry, patch, effects ? () => effects(c) : undefined));
    if (!r.ok) throw refusal(r);
    // The money of the step: the booking's charge, a tip, the ledger's row (delivery-money.ts).
    await money.ledgerOfStep(tx, row, r.row, request, now);
    return { row: r.row, party, effect: r.effect };
  }

  /**
   * A step whose one statement is all it writes (a helper's accept), without a transaction: the
   * row and the caller's bids read without a lock, then the conditional update. Null whenever
   * anything else would happen (a refusal, an error, other writes, a lost race): `step` then runs
   * in a transaction from the locked row and answers as it always did.
   */
  async function stepAlone(
    caller: TDeliveryCaller,
    id: number,
    request: TDeliveryRequest,
    now: Date,
  ): Promise<TActed | null> {
    const entry = actionFor(request);
    // Only steps that can be one statement read here first: no effects, no refund, no money.
    if (entry.effects || entry.refundAfterCommit || caller.kind === 'system') return null;
    if (money.movesMoney(request)) return null;
    // Reads outside a transaction: db stands in for one. A helper's row comes with their bids.
    const q = deps.db as unknown as TTx;
    const bidder = bidderOf(caller);
    // A helper's read brings the view's context, their bids and who would take it: the answer
    // is built from it and the row written, with no read after the write.
    const toStep: TDeliveryToStep | undefined = bidder ? await findDeliveryToStep(q, id, bidder) : undefined;
    const row = bidder ? toStep?.listed.row : await findDelivery(q, id);
    if (!row) return null;
    const who = await partyOf(
      q,
      row,
      caller,
      entry.audience,
      request.kind === 'accept',
      toStep?.listed.bidders,
    ).catch(() => null);
    if (!who) return null;
    const c: TActionContext = { tx: q, row, caller, party: who.party, request, now, bids: who.bids, reviews };
    if (entry.skip?.(c)) return null;
    let patch: ReturnType<NonNullable<typeof entry.patch>> | undefined;
    try {
      patch = entry.patch?.(c);
    } catch {
      return null;
    }
    const won = await writer.stepAlone(
      deps.db,
      row,
      stepOf(c, entry, patch, undefined),
      (next) => !money.mayWriteLedger(request, row, next),
    );
    if (!won) return null;
    return { row: won, party: who.party, effect: undefined, listed: toStep && listedAfterStep(toStep, won) };
  }

  return {
    /** A request in its own transaction; after the commit, the refund it made owed goes to the provider. */
    async act(caller: TDeliveryCaller, id: number, request: TDeliveryRequest): Promise<TActed> {
      const now = deps.clock.now();
      const done =
        (await stepAlone(caller, id, request, now)) ??
        (await deps.db.transaction((tx) => step(tx, caller, id, request, now)));
      if (!done) throw notFound();
      writer.committed();
      await money.afterCommit(done.row);
      if (actionFor(request).refundAfterCommit && refundOwed(refundState(done.row))) {
        const refunded = await refundDelivery(deps, checkout, done.row, money);
        if (refunded) return { ...done, row: refunded };
      }
      return done;
    },

    /** A request inside the caller's transaction (the payment webhook's); `committed` runs after it commits. */
    async actIn(tx: TTx, caller: TDeliveryCaller, id: number, request: TDeliveryRequest, now: Date) {
      const done = await step(tx, caller, id, request, now);
      return done ? { ...done, committed: () => writer.committed() } : null;
    },

    committed: () => writer.committed(),
    money,
    mailBidders: writer.mailBidders,
  };
}

const refundState = (d: TDeliveryRow) => ({ status: d.refundStatus, amountCents: d.refundAmount });

export type TDeliveryFunnel = ReturnType<typeof createDeliveryFunnel>;
