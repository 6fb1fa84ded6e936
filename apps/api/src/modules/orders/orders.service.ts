import { ORDER_STATUS, REASON_MSG } from '@haulpro/shared/order';
import { staffCompanyId } from '../../access/company-scope.ts';
import type { TAuth, TDeps } from '../../context.ts';
import { tablesWrittenSoFar } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { completesOrder, type TOrderAction, type TViewer } from '../../domain/order-machine.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TPricingService } from '../pricing/pricing.service.ts';
import { calendarEventsJson, listCalendarOrders } from './calendar-orders.repository.ts';
import { createCompanyComplete, createCustomerComplete } from './customer-complete.ts';
import { createOrderCancellation } from './order-cancellation.ts';
import { createOrderJobFront } from './order-job-front.ts';
import { createOrderListBodies } from './order-list-bodies.ts';
import {
  findOrderWithContext,
  findOrderWithContextForUpdate,
  loadContexts,
  ORDER_CONTEXT_TABLES,
  type TOrderContextBase,
} from './order-lists.repository.ts';
import type { TOrderFronts } from './order-notices.ts';
import { listOrdersMovingTomorrow } from './order-reminders.repository.ts';
import { createOrderReviews, type TOrderReviews } from './order-reviews.ts';
import { createOrderThreadFront } from './order-thread-front.ts';
import { createOrderWriter, STALE_ORDER, type TOrderStep } from './order-transition.ts';
import { orderView, type TOrderContext, type TOrderRow } from './order-view.ts';
import {
  claimOverdueOrders,
  decideRescheduleRequest,
  findOrder,
  insertRescheduleRequest,
} from './orders.repository.ts';
import { createOrderPlacement } from './place-order.ts';
import {
  checkRequestedDate,
  findPendingRequest,
  priceOnDate,
  quoteAtPrice,
  type TRescheduleInput,
} from './reschedule.service.ts';

/** Reads for other modules (the booking's replay and payment webhook, the calendar): the orders tables stay behind this module. */
export { findOrder } from './orders.repository.ts';
export type { TOrderPlacement } from './place-order.ts';
export type { TOrderReviews };
export { STALE_ORDER };

export function createOrdersService(
  deps: TDeps,
  geo: ReturnType<typeof createGeoService>,
  branches: Pick<TBranchesService, 'companyBranch'>,
  pricing: Pick<TPricingService, 'offerOnDate'>,
  reviews: TOrderReviews,
  fronts: TOrderFronts,
) {
  const { db, clock } = deps;
  const writer = createOrderWriter(deps, fronts);

  /** The order view's context of each item: its own tables' context plus the reviews on completed orders. */
  async function withReviews(
    items: { row: TOrderRow; ctx: TOrderContextBase }[],
  ): Promise<{ row: TOrderRow; ctx: TOrderContext }[]> {
    const completed = items.filter((i) => i.row.status === ORDER_STATUS.completed).map((i) => i.row.id);
    const reviewRows = await reviews.ofOrders(completed);
    return items.map((i) => ({
      row: i.row,
      ctx: { ...i.ctx, reviews: reviewRows.filter((r) => r.order_id === i.row.id) },
    }));
  }

  /** The context the order view needs, for each of these orders. */
  async function orderContexts(rows: TOrderRow[]): Promise<Map<number, TOrderContext>> {
    const base = await loadContexts(db, rows);
    const items = await withReviews(rows.map((row) => ({ row, ctx: base.get(row.id)! })));
    return new Map(items.map((i) => [i.row.id, i.ctx]));
  }

  const maySee = (o: TOrderRow, auth: TAuth, party: TViewer) =>
    (party === 'customer' && o.customerId === auth.user.id) ||
    (party === 'company' && auth.user.role === 'staff' && o.companyId === auth.user.companyId);

  /** The order if this caller may see it as `party`; anything else is a 404. */
  async function visible(auth: TAuth, id: number, party: TViewer): Promise<TOrderRow> {
    const o = await findOrder(db, id);
    if (!o || !maySee(o, auth, party)) throw notFound();
    return o;
  }

  /** The order's view for a caller who may see it (404 otherwise), read in one statement. */
  async function viewOne(auth: TAuth, id: number, party: TViewer) {
    const one = await findOrderWithContext(db, id);
    if (!one || !maySee(one.row, auth, party)) throw notFound();
    const [item] = await withReviews([one]);
    return orderView(item!.row, item!.ctx, party, clock.now());
  }

  const customerView = (auth: TAuth, id: number) => viewOne(auth, id, 'customer');

  function withContext(items: { row: TOrderRow; ctx: TOrderContext }[], viewer: TViewer, now = clock.now()) {
    return items.map((i) => orderView(i.row, i.ctx, viewer, now));
  }

  /**
   * One state change by the customer or the company, through the one writer of an order's
   * state (order-transition.ts): a refusal is a 409 (or a 422 for a missing reason), and of two
   * concurrent changes exactly one wins; the other gets a 409.
   */
  async function act(
    auth: TAuth,
    id: number,
    party: TViewer,
    action: TOrderAction,
    opts: Pick<TOrderStep, 'reason' | 'patch' | 'after' | 'tipByCheckout'> = {},
  ) {
    const now = clock.now();
    const step = { party, action, actorUserId: auth.user.id, now, ...opts };
    // A step whose writes all ride its own statement (an accept, a decline, a confirmation
    // without a tip...) needs no transaction: one read with the view's context, then the
    // conditional update (issue 30, decision 040).
    const mayGoAlone = !opts.after;
    const seen = mayGoAlone ? await findOrderWithContext(db, id) : undefined;
    if (seen && !maySee(seen.row, auth, party)) throw notFound();
    const alone = seen ? await writer.stepAlone(db, seen.row, step) : null;
    // Otherwise, or when that refused or lost a race: one locking read with the view's context,
    // then the step (one conditional update with its history row, and the rest) in a transaction.
    const done =
      seen && alone
        ? { row: alone, ctx: seen.ctx, from: seen.row.status }
        : await db.transaction(async (tx) => {
            const one = await findOrderWithContextForUpdate(tx, id);
            if (!one || !maySee(one.row, auth, party)) throw notFound();
            const r = await writer.step(tx, one.row, step);
            if (r.ok) return { row: r.row, ctx: one.ctx, from: one.row.status };
            if (r.code === 'reason_required') throw invalid({ reason: [REASON_MSG.required] });
            throw conflict(r.message);
          });
    writer.committed();
    // The money moves after the commit; if it moved, the order was written again: read it as it is now.
    const moneyMoved =
      (action === 'complete' || action === 'cancel' || action === 'reject') &&
      (await writer.money.afterCommit(id, done.row));
    if (moneyMoved) return viewOne(auth, id, party);
    // The answer is the row the step wrote with the context read under the lock, unless the
    // step wrote part of that context too (a reschedule request): then it is read again.
    const written = tablesWrittenSoFar();
    if (!written || ORDER_CONTEXT_TABLES.some((t) => written.has(t))) return viewOne(auth, id, party);
    // Reviews come only through the machine's review step, on a Completed order: a step that has
    // just completed it has none to read.
    if (completesOrder(done.from, done.row.status))
      return orderView(done.row, { ...done.ctx, reviews: [] }, party, clock.now());
    const [item] = await withReviews([done]);
    return orderView(item!.row, item!.ctx, party, clock.now());
  }

  return {
    view: orderView,
    /** For the reminders module: accepted orders moving tomorrow in their time zone (order-reminders.repository.ts). */
    movingTomorrow: (now: Date, fromLocalHour: number) => listOrdersMovingTomorrow(db, now, fromLocalHour),
    /** Reads for the crews module: one order, and the context its view needs. */
    findOrder: (id: number) => findOrder(db, id),
    contexts: orderContexts,
    /** For the move-day module: the order's two job steps (order-job-front.ts). */
    job: createOrderJobFront({ db, clock, writer, visible }),
    /** For the messages module: the order's thread parties and state (order-thread-front.ts). */
    ...createOrderThreadFront(db),
    /** Read for the calendar: a company's (or branch's) orders arriving between two dates. */
    calendarOrders: (q: Parameters<typeof listCalendarOrders>[1]) => listCalendarOrders(db, q),
    /** The same orders as the calendar's events (ZCalendarEvent[]), as JSON text built by the database. */
    calendarEventsJson: (q: Parameters<typeof calendarEventsJson>[1]) => calendarEventsJson(db, q),

    /**
     * For the response-deadline job: New orders past their deadline become Rejected (`expire`,
     * through the one writer). Claimed FOR UPDATE SKIP LOCKED, each step only while still New, so
     * several processes never do an order twice. Answers how many it moved.
     */
    async expireOverdue(batch: number): Promise<number> {
      const now = clock.now();
      const n = await db.transaction(async (tx) => {
        let done = 0;
        for (const o of await claimOverdueOrders(tx, now, batch)) {
          const r = await writer.step(tx, o, { party: 'system', action: 'expire', actorUserId: null, now });
          if (r.ok) done++;
        }
        return done;
      });
      // Outside a request nothing else invalidates this process's read cache.
      if (n > 0) writer.committed();
      return n;
    },

    /** For the scheduler's job: card refunds of unserved orders the provider could not take before. */
    retryRefunds: (batch: number) => writer.money.retryRefunds(batch),
    /** The booking module's share of an order: placing it, its payment session, its payment. */
    ...createOrderPlacement(deps, fronts),
    ...createOrderListBodies(deps, branches, withReviews, withContext, fronts.moveDay?.jobLines),
    companyOrder: (auth: TAuth, id: number) => viewOne(auth, id, 'company'),

    customerOrder: customerView,

    /** Accept; optionally on another of the company's branches, or on the nearest one covering the pickup. */
    async accept(
      auth: TAuth,
      id: number,
      body: { branch_id?: number | undefined; nearest?: boolean | undefined },
    ) {
      const companyId = staffCompanyId(auth);
      let branchId: number | undefined;
      if (body.branch_id) {
        if (!(await branches.companyBranch(companyId, body.branch_id))) throw notFound();
        branchId = body.branch_id;
      } else if (body.nearest) {
        const o = await visible(auth, id, 'company');
        const ctx = (await loadContexts(db, [o])).get(o.id)!;
        const zip = ctx.addresses.find((a) => a.kind === 'pickup')?.zipCode;
        const point = zip ? await geo.zipInfo(zip) : null;
        const nearest = point
          ? (await geo.branchesCovering(point, 200)).find((b) => b.company_id === companyId)
          : undefined;
        if (!nearest) throw conflict('None of your branches covers this pickup address.');
        branchId = nearest.id;
      }
      return act(auth, id, 'company', 'accept', branchId ? { patch: { branchId } } : {});
    },
    reject: (auth: TAuth, id: number, reason?: string) => act(auth, id, 'company', 'reject', { reason }),
    companyComplete: createCompanyComplete({ act, moveDay: fronts.moveDay }),
    companyArchive: (auth: TAuth, id: number) => act(auth, id, 'company', 'archive'),
    // Both sides' cancel and the customer's preview of it (decision 029).
    ...createOrderCancellation(deps, visible, act),
    customerComplete: createCustomerComplete({
      clock,
      writer,
      visible,
      act,
      moveDay: fronts.moveDay,
      view: customerView,
    }),
    customerArchive: (auth: TAuth, id: number) => act(auth, id, 'customer', 'archive'),

    // A review of the other side, and what others said of it (order-reviews.ts).
    ...createOrderReviews({ clock, reviews, visible, act }),

    /** Reschedule price preview (spec: hourly, total_for_n_hours, service_fee, total, hours_count), in dollars. */
    async calculatePrice(auth: TAuth, id: number, party: TViewer, date: string) {
      const o = await visible(auth, id, party);
      checkRequestedDate(o, date, clock.now());
      const p = await priceOnDate(pricing, o, date);
      return {
        hourly: toDollars(p.hourly),
        total_for_n_hours: toDollars(p.total_for_n_hours),
        date_adjustment: toDollars(p.date_adjustment),
        service_fee: toDollars(p.service_fee),
        total: toDollars(p.total),
        hours_count: p.hours_count,
      };
    },

    /** A reschedule request; staff may apply it at once ("Reschedule approved"). */
    async requestReschedule(auth: TAuth, id: number, party: TViewer, v: TRescheduleInput) {
      const o = await visible(auth, id, party);
      const now = clock.now();
      checkRequestedDate(o, v.requested_date, now);
      const price = await priceOnDate(pricing, o, v.requested_date);
      const instantly = party === 'company' && v.instantly;
      const request = {
        orderId: o.id,
        requestedBy: party,
        requestedDate: v.requested_date,
        requestedTime: v.requested_time,
        note: v.note,
        price: price.total,
        createdAt: now,
      };
      if (instantly) {
        return act(auth, id, party, 'reschedule_instantly', {
          patch: {
            arrivalDate: v.requested_date,
            arrivalTime: v.requested_time,
            orderPrice: price.total,
            quote: {
              ...o.quote,
              date_adjustment: price.date_adjustment,
              coupon_discount: price.coupon_discount,
              total: price.total,
            },
          },
          after: async (tx) => {
            await insertRescheduleRequest(tx, { ...request, status: 'approved', decidedAt: now });
          },
        });
      }
      return act(auth, id, party, 'request_reschedule', {
        after: async (tx) => {
          await insertRescheduleRequest(tx, request);
        },
      });
    },

    /** The other side approves (the new date and price apply) or rejects (reason required) a pending request. */
    async respondReschedule(
      auth: TAuth,
      id: number,
      party: TViewer,
      requestId: number,
      approve: boolean,
      reason?: string,
    ) {
      const o = await visible(auth, id, party);
      const r = await findPendingRequest(db, id, requestId);
      const now = clock.now();
      if (approve) {
        // The quote moves with the price, so the invoice's lines still add up to it.
        const quote = await quoteAtPrice(pricing, o, r.requestedDate, r.price);
        return act(auth, id, party, 'approve_reschedule', {
          patch: { arrivalDate: r.requestedDate, arrivalTime: r.requestedTime, orderPrice: r.price, quote },
          after: async (tx) => {
            await decideRescheduleRequest(tx, r.id, { status: 'approved', decidedAt: now });
          },
        });
      }
      return act(auth, id, party, 'reject_reschedule', {
        reason,
        after: async (tx) => {
          await decideRescheduleRequest(tx, r.id, {
            status: 'rejected',
            reason: reason?.trim() ?? null,
            decidedAt: now,
          });
        },
      });
    },
  };
}

export type TOrdersService = ReturnType<typeof createOrdersService>;
