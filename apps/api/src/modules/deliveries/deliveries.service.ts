import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import type { TDeliveryParsed } from '@haulpro/shared/delivery-input';
import type {
  TDeliveryQuoteView,
  TDeliveryView,
  TEarningsView,
  TPayoutReviewItem,
} from '@haulpro/shared/delivery-view';
import { INVALID_ZIP } from '@haulpro/shared/geo';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import { starAverage } from '@haulpro/shared/review';
import type { TReviewView } from '@haulpro/shared/review-view';
import type { TAuth, TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import type { TPayoutFileRecord } from '../../db/schema.ts';
import { todayIn } from '../../domain/availability.ts';
import { biddingDeadline } from '../../domain/delivery-bidding.ts';
import type { TDeliveryAction, TDeliveryViewer } from '../../domain/delivery-machine.ts';
import { deliveryPrice, type TDeliveryVehicle } from '../../domain/delivery-pricing.ts';
import { earningsSummary } from '../../domain/earnings.ts';
import { type AppError, conflict, forbidden, invalid, notFound } from '../../domain/errors.ts';
import { toCents, toDollars } from '../../domain/money.ts';
import { pageMeta } from '../../domain/paging.ts';
import { timeZoneForState } from '../../domain/state-time-zones.ts';
import {
  idempotencyHash,
  type TCheckoutService,
  type TIdempotencyKey,
  type TIdempotencyRow,
  type TPaymentEvent,
} from '../checkout/checkout.service.ts';
import type { TCoverageIndex } from '../geo/coverage-index.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import {
  publishedBranchReviews,
  receivedByCustomer,
  writeDeliveryReview,
} from '../reviews/reviews.service.ts';
import {
  bidderRows,
  bidderRowsFor,
  coveringLabor,
  decidePayoutSubmission,
  deliveryContexts,
  findDelivery,
  findDeliveryBySession,
  findPayoutSubmission,
  insertBidders,
  insertDelivery,
  insertPayout,
  insertPayoutSubmission,
  listCustomerDeliveries,
  listHelperDeliveries,
  listPayoutQueue,
  listPayoutsOf,
  markRejected,
  setPaymentSession,
  type TBidderRow,
  type TDeliveryActor,
  type TDeliveryRow,
} from './deliveries.repository.ts';
import { signedLetterPdf } from './delivery-letter-pdf.ts';
import { refundDelivery } from './delivery-refunds.ts';
import {
  createDeliveryWriter,
  mailBiddersOfNewDelivery,
  STALE_DELIVERY,
  TAKEN_DELIVERY,
  type TDeliveryStep,
} from './delivery-transition.ts';
import { deliveryView, payoutReviewItem } from './delivery-view.ts';

const KM_PER_MILE = 1.609344;
const MILES_PER_KM = 1 / KM_PER_MILE;

export const DELIVERY_TEXT = {
  accepted: 'Delivery accepted',
  rejected: 'Delivery rejected',
  cancelled: 'Delivery cancelled',
  submitted: 'Submitted for payout: Payment Review in Progress',
  completed: 'Delivery completed',
  archived: 'Delivery removed',
  created: 'Your delivery is open for bidding',
  createdAwaitingPayment: 'Complete the payment to open your delivery for bidding',
  approved: 'Payout approved',
  payoutRejected: 'Payout rejected',
  notCovering: 'This branch does not cover the pickup address.',
  noCard: 'Card payments are not available: choose cash.',
  tooSoon: 'A delivery can be booked from tomorrow on.',
} as const;

/** A file of a payout submission, as the multipart route read it (bytes already in memory). */
export type TIncomingFile = { name: string; bytes: Buffer };

/** Straight-line miles between two points (the price's distance). */
function milesBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h))) * MILES_PER_KM * 10) / 10;
}

/** A company's bids over all its branches (the All branches view decides which branch takes it). */
const wholeCompany = (a: TDeliveryActor): TDeliveryActor =>
  a.kind === 'company' ? { kind: 'company', companyId: a.companyId } : a;

/** Deliveries (issue 13; decisions 016 and 017): booking, bidding, payout, review by the admin, refund. */
export function createDeliveriesService(
  deps: TDeps,
  geo: ReturnType<typeof createGeoService>,
  coverage: TCoverageIndex,
  checkout: TCheckoutService,
) {
  const { db, clock, config } = deps;
  const writer = createDeliveryWriter(deps);
  // A paid delivery opens for bidding, inside the checkout's webhook transaction.
  checkout.onPayment('delivery', (tx, ev, now) => applyPayment(tx, ev, now));

  function helperActor(auth: TAuth, branchId?: number): TDeliveryActor {
    if (auth.user.role === 'labor') return { kind: 'labor', userId: auth.user.id };
    if (auth.user.role === 'staff' && auth.user.companyId)
      return { kind: 'company', companyId: auth.user.companyId, branchId };
    throw forbidden();
  }

  /** Prices a delivery from the form (ZIPs known, vehicle big enough) or answers 422. */
  async function price(v: TDeliveryParsed) {
    const [from, to] = await Promise.all([
      geo.zipInfo(v.pickup.zip_code),
      geo.zipInfo(v.destination.zip_code),
    ]);
    const errors: Record<string, string[]> = {};
    if (!from) errors['pickup.zip_code'] = [INVALID_ZIP];
    if (!to) errors['destination.zip_code'] = [INVALID_ZIP];
    if (!from || !to) throw invalid(errors);
    const miles = milesBetween(from, to);
    const p = deliveryPrice({
      vehicle: v.vehicle_type as TDeliveryVehicle,
      miles,
      items: v.items,
      tipCents: toCents(v.tip),
    });
    if (!p.ok) throw invalid({ [p.field]: [p.message] });
    return { from, to, miles, p };
  }

  /** Labor users and company branches whose service area covers the pickup. */
  async function biddersAt(point: { latitude: number; longitude: number }) {
    const [labor, branches] = await Promise.all([coveringLabor(db, point), coverage.covering(point, 500)]);
    return { labor, branches };
  }

  async function viewsFor(
    rows: TDeliveryRow[],
    viewerOf: (d: TDeliveryRow) => TDeliveryViewer,
    actor: TDeliveryActor | null,
  ): Promise<TDeliveryView[]> {
    const now = clock.now();
    const open = rows.filter((d) => viewerOf(d) === 'bidder' && d.status === S.new).map((d) => d.id);
    const [ctxs, bids] = await Promise.all([
      deliveryContexts(db, rows),
      actor ? bidderRowsFor(db, open, wholeCompany(actor)) : Promise.resolve(new Map<number, TBidderRow[]>()),
    ]);
    return ctxs.map((ctx) => {
      const mine = bids.get(ctx.row.id) ?? [];
      // A company's All branches view: its nearest covering branch takes it.
      const first = mine.find((b) => !b.rejected && b.branchId);
      return deliveryView(ctx, {
        viewer: viewerOf(ctx.row),
        now,
        rejectedByViewer: mine.length > 0 && mine.every((b) => b.rejected),
        branchView: actor?.kind === 'company' && !!actor.branchId,
        nearestBranch: first?.branchId
          ? { id: first.branchId, name: first.branchName ?? '', distanceKm: first.distanceKm }
          : null,
      });
    });
  }

  /**
   * Is this helper the delivery's acceptor, a bidder on it, or a stranger (404)? A bidder sees a
   * delivery only while it is open; one who loses the race to accept it gets 409, not 404.
   */
  async function helperRole(
    d: TDeliveryRow,
    actor: TDeliveryActor,
    action?: TDeliveryAction,
  ): Promise<'acceptor' | 'bidder'> {
    if (actor.kind === 'labor' && d.acceptorUserId === actor.userId) return 'acceptor';
    if (actor.kind === 'company' && d.acceptorCompanyId === actor.companyId) return 'acceptor';
    const bids = await bidderRows(db, d.id, wholeCompany(actor));
    if (!bids.length) throw notFound();
    if (d.status !== S.new) {
      if (action === 'accept' && d.status !== S.waitingForPayment) throw conflict(TAKEN_DELIVERY);
      throw notFound();
    }
    return 'bidder';
  }

  async function oneView(d: TDeliveryRow, viewer: TDeliveryViewer, actor: TDeliveryActor | null) {
    const [v] = await viewsFor([d], () => viewer, actor);
    return v!;
  }

  function refusal(r: { ok: false; code: string; message: string }): AppError {
    if (r.code === 'stale') return conflict(r.message);
    if (r.code === 'reason_required') return invalid({ reason: [r.message] });
    if (r.code === 'expired' || r.code === 'too_early') return invalid({ delivery: [r.message] });
    return conflict(r.message);
  }

  /** One helper step, in one transaction, through the one writer. */
  async function helperStep(
    auth: TAuth,
    id: number,
    action: TDeliveryAction,
    extra: { reason?: string; branchId?: number; nearest?: boolean; submit?: TPreparedSubmission } = {},
  ): Promise<TDeliveryView> {
    const actor = helperActor(auth);
    const now = clock.now();
    const d0 = await findDelivery(db, id);
    if (!d0) throw notFound();
    const role = await helperRole(d0, actor, action);
    const result = await db.transaction(async (tx) => {
      const d = await findDelivery(tx, id, true);
      if (!d) throw notFound();
      // Another accept committed while this one waited for the row: it lost the race.
      if (role === 'bidder' && action === 'accept' && d.status !== S.new) throw conflict(TAKEN_DELIVERY);
      const step: TDeliveryStep = {
        party: role,
        action,
        actorUserId: auth.user.id,
        now,
        reason: extra.reason,
      };
      if (role === 'bidder') {
        const bids = await bidderRows(tx, id, actor);
        step.rejectedByViewer = bids.length > 0 && bids.every((b) => b.rejected);
        if (action === 'accept') {
          if (actor.kind === 'labor') {
            step.patch = {
              acceptorUserId: actor.userId,
              acceptorCompanyId: null,
              acceptorBranchId: null,
              acceptedAt: now,
            };
          } else {
            const open = bids.filter((b) => !b.rejected && b.branchId);
            const chosen = extra.branchId ? open.find((b) => b.branchId === extra.branchId) : open[0];
            if (!chosen?.branchId) throw invalid({ branch_id: [DELIVERY_TEXT.notCovering] });
            step.patch = {
              acceptorUserId: null,
              acceptorCompanyId: actor.kind === 'company' ? actor.companyId : null,
              acceptorBranchId: chosen.branchId,
              acceptedAt: now,
            };
          }
        }
        if (action === 'reject') step.after = (t) => markRejected(t, id, actor);
      } else if (action === 'cancel') {
        // The acceptor gives it back: open again, without them.
        step.patch = {
          acceptorUserId: null,
          acceptorCompanyId: null,
          acceptorBranchId: null,
          acceptedAt: null,
        };
        step.after = (t) => markRejected(t, id, actor);
      } else if (action === 'complete' && extra.submit) {
        const sub = extra.submit;
        step.after = async (t) => {
          await insertPayoutSubmission(t, {
            deliveryId: id,
            submittedBy: auth.user.id,
            helperNote: sub.note,
            signedOnDevice: sub.signedOnDevice,
            files: sub.files,
            createdAt: now,
          });
        };
      }
      const r = await writer.step(tx, d, step);
      if (!r.ok) throw refusal(r);
      return findDelivery(tx, id);
    });
    writer.committed();
    return oneView(
      result!,
      action === 'accept' ? 'acceptor' : role === 'bidder' ? 'bidder' : 'acceptor',
      actor,
    );
  }

  type TPreparedSubmission = { files: TPayoutFileRecord[]; note: string | null; signedOnDevice: boolean };

  type TCreated = { delivery: TDeliveryView; checkoutUrl: string | null };

  /**
   * Opens the provider's payment page for a Waiting delivery and records its session once (with
   * the Idempotency-Key's row, so a retry sends the customer to the same page). A provider failure
   * is logged and answered 500; the delivery stays Waiting and a retry with the key opens it.
   */
  async function startCheckout(d: TDeliveryRow, email: string, idem: TIdempotencyKey | null) {
    return checkout.openPaymentPage(
      {
        kind: 'delivery',
        orderId: d.id,
        amountCents: d.totalPrice,
        description: `Haulpro delivery #${d.id} on ${d.arrivalDate}`,
        customerEmail: email,
        successUrl: `${config.publicUrl}/user-dashboard?delivery_id=${d.id}&paid=1`,
        cancelUrl: `${config.publicUrl}/user-dashboard?delivery_id=${d.id}`,
      },
      idem,
      (tx, sessionId) => setPaymentSession(tx, d.id, sessionId),
    );
  }

  /** The answer to a repeated Idempotency-Key: the delivery it made (and its payment page), or a 422. */
  async function replay(auth: TAuth, prior: TIdempotencyRow): Promise<TCreated> {
    let d = prior.deliveryId ? await findDelivery(db, prior.deliveryId) : undefined;
    if (!d || d.customerId !== auth.user.id) throw notFound();
    let checkoutUrl = prior.checkoutUrl;
    if (!checkoutUrl && d.status === S.waitingForPayment && !d.paymentSessionId) {
      // Opening the payment page failed after the first request's commit: open it now.
      checkoutUrl = await startCheckout(d, auth.user.email, prior);
      d = (await findDelivery(db, d.id)) ?? d;
    }
    return { delivery: await oneView(d, 'customer', null), checkoutUrl };
  }

  /** A verified provider event for a delivery, in the webhook's transaction: paid -> New (bidding opens). */
  async function applyPayment(tx: TTx, ev: TPaymentEvent, now: Date) {
    const none = { applied: false };
    if (!ev.deliveryId || ev.paid === null) return none;
    const d = ev.sessionId
      ? await findDeliveryBySession(tx, ev.sessionId)
      : await findDelivery(tx, ev.deliveryId, true);
    if (!d || d.id !== ev.deliveryId || d.status !== S.waitingForPayment || !ev.paid) return none;
    const r = await writer.step(tx, d, {
      party: 'system',
      action: 'paid',
      actorUserId: null,
      now,
      patch: { paidAt: now },
    });
    return r.ok ? { applied: true, committed: () => writer.committed() } : none;
  }

  async function customerDelivery(auth: TAuth, id: number): Promise<TDeliveryRow> {
    const d = await findDelivery(db, id);
    if (!d || d.customerId !== auth.user.id) throw notFound();
    return d;
  }

  return {
    /** POST customer/deliveries/quote. */
    /**
     * The server's price for a delivery form: for customers, and for visitors on the public
     * booking page (auth null), who see the price before they sign up.
     */
    async quote(auth: TAuth | null, v: TDeliveryParsed): Promise<TDeliveryQuoteView> {
      if (auth && auth.user.role !== 'customer') throw forbidden();
      const { from, miles, p } = await price(v);
      const { labor, branches } = await biddersAt(from);
      return {
        distance_miles: miles,
        base_price: toDollars(p.basePriceCents),
        processing_fee: toDollars(p.processingFeeCents),
        tip: toDollars(p.tipCents),
        total_price: toDollars(p.totalPriceCents),
        helpers_in_area: labor.length + new Set(branches.map((b) => b.company_id)).size,
        lines: {
          base_fare: toDollars(
            p.basePriceCents - p.lines.distanceCents - p.lines.itemsCents - p.lines.weightCents,
          ),
          distance: toDollars(p.lines.distanceCents),
          items: toDollars(p.lines.itemsCents),
          weight: toDollars(p.lines.weightCents),
        },
        electronic_payments: deps.payments !== null,
      };
    },

    /**
     * POST customer/deliveries: priced by the server, open for bidding (or waiting for a card
     * payment). With an Idempotency-Key the first request with that key books and every later one
     * (or a concurrent one) gets that delivery back; the same key with another body is refused
     * (decision 023).
     */
    async create(auth: TAuth, v: TDeliveryParsed, key?: string): Promise<TCreated> {
      if (auth.user.role !== 'customer') throw forbidden();
      const idem = key
        ? { userId: auth.user.id, key, hash: idempotencyHash('POST customer/deliveries', v) }
        : null;
      const prior = await checkout.priorRequest(idem);
      if (prior) return replay(auth, prior);
      const { from, miles, p } = await price(v);
      const timeZone = timeZoneForState(from.state_code);
      const now = clock.now();
      if (v.arrival_date <= todayIn(timeZone, now)) throw invalid({ arrival_date: [DELIVERY_TEXT.tooSoon] });
      if (v.payment_method === 'electronic' && !deps.payments)
        throw invalid({ payment_method: [DELIVERY_TEXT.noCard] });
      const { photos, errors: photoErrors } = await checkout.readPhotos(v.item_photos, 'item_photos');
      if (Object.keys(photoErrors).length) throw invalid(photoErrors);
      const { labor, branches } = await biddersAt(from);
      const electronic = v.payment_method === 'electronic';
      const names = v.items.map((i) => (i.count > 1 ? `${i.name} ×${i.count}` : i.name)).join(', ');
      const run = await checkout.withStagedPhotos(photos, (stored) =>
        checkout.runIdempotent(idem, async (tx) => {
          const id = await insertDelivery(
            tx,
            {
              customerId: auth.user.id,
              status: electronic ? S.waitingForPayment : S.new,
              itemsName: names.length > 200 ? `${names.slice(0, 197)}...` : names,
              vehicleType: v.vehicle_type,
              pickup: v.pickup,
              destination: v.destination,
              pickupLatitude: from.latitude,
              pickupLongitude: from.longitude,
              distanceMiles: miles,
              isHomeMove: v.is_home_move,
              arrivalDate: v.arrival_date,
              arrivalTime: v.arrival_time,
              timeZone,
              biddingDeadline: biddingDeadline({
                arrivalDate: v.arrival_date,
                arrivalTime: v.arrival_time as TShowUpWindow,
                timeZone,
                now,
              }),
              phone: v.phone,
              notes: v.notes?.trim() || null,
              basePrice: p.basePriceCents,
              originalPrice: p.basePriceCents,
              systemFee: p.processingFeeCents,
              tip: p.tipCents,
              totalPrice: p.totalPriceCents,
              paymentMethod: v.payment_method,
              createdAt: now,
              updatedAt: now,
            },
            v.items.map((i, position) => ({ ...i, position })),
            stored,
          );
          await insertBidders(tx, [
            ...labor.map((l) => ({ deliveryId: id, laborUserId: l.userId, distanceKm: l.distanceKm })),
            ...branches.map((b) => ({
              deliveryId: id,
              companyId: b.company_id,
              branchId: b.id,
              distanceKm: b.distance_km,
            })),
          ]);
          if (!electronic) await mailBiddersOfNewDelivery(tx, deps, id);
          return { value: id, target: { deliveryId: id } };
        }),
      );
      // A concurrent request with the same key booked first: answer with its delivery.
      if (!run.won) return replay(auth, run.prior);
      const id = run.value;
      writer.committed();
      let d = (await findDelivery(db, id))!;
      const checkoutUrl = electronic ? await startCheckout(d, auth.user.email, idem) : null;
      if (checkoutUrl) d = (await findDelivery(db, id))!;
      return { delivery: await oneView(d, 'customer', null), checkoutUrl };
    },

    // ---------------- helpers: labor users and company staff ----------------

    async helperList(
      auth: TAuth,
      q: {
        tab: 'new' | 'accepted' | 'history';
        branch_id?: number | undefined;
        page: number;
        paginate: number;
      },
    ) {
      const actor = helperActor(auth, q.branch_id);
      const r = await listHelperDeliveries(db, actor, q.tab, clock.now(), q.page, q.paginate);
      const data = await viewsFor(r.rows, () => (q.tab === 'new' ? 'bidder' : 'acceptor'), actor);
      return { data, meta: pageMeta(q.page, q.paginate, r.total), counts: r.counts };
    },

    async helperOne(auth: TAuth, id: number) {
      const actor = helperActor(auth);
      const d = await findDelivery(db, id);
      if (!d) throw notFound();
      return oneView(d, await helperRole(d, actor), actor);
    },

    /** The printable letter: for the acceptor of an accepted, being-completed, completed or cancelled delivery. */
    async letter(auth: TAuth, id: number) {
      const actor = helperActor(auth);
      const d = await findDelivery(db, id);
      if (!d) throw notFound();
      if ((await helperRole(d, actor)) !== 'acceptor') throw notFound();
      return oneView(d, 'acceptor', actor);
    },

    accept: (
      auth: TAuth,
      id: number,
      body: { branch_id?: number | undefined; nearest?: boolean | undefined },
    ) =>
      helperStep(auth, id, 'accept', {
        ...(body.branch_id ? { branchId: body.branch_id } : {}),
      }),
    reject: (auth: TAuth, id: number) => helperStep(auth, id, 'reject'),
    helperCancel: (auth: TAuth, id: number, reason: string) => helperStep(auth, id, 'cancel', { reason }),
    helperArchive: (auth: TAuth, id: number) => helperStep(auth, id, 'archive'),

    /**
     * Get Paid: 1 to 5 files (checked by their bytes; duplicates of name and size counted once) and
     * an optional note, or a signature made on the device that becomes the signed letter's PDF.
     * Nothing is left on disk when the step is refused.
     */
    async submitPayout(
      auth: TAuth,
      id: number,
      files: { name: string; bytes: Buffer; mime: string; ext: string }[],
      note: string | null,
      signaturePng: Buffer | null,
    ) {
      const stored: TPayoutFileRecord[] = [];
      // Signed on the helper's phone: the letter with the signature becomes the document.
      const signaturePdf = signaturePng
        ? await signedLetterPdf(await this.letter(auth, id), signaturePng, clock.now())
        : null;
      try {
        let n = 1;
        for (const f of files) {
          const path = await deps.storage.save('payouts', f.bytes, f.ext);
          stored.push({
            id: n++,
            path,
            name: f.name,
            size: f.bytes.length,
            type: f.mime as TPayoutFileRecord['type'],
          });
        }
        if (signaturePdf) {
          const path = await deps.storage.save('payouts', signaturePdf, 'pdf');
          stored.push({
            id: n++,
            path,
            name: `delivery-${id}-signed.pdf`,
            size: signaturePdf.length,
            type: 'application/pdf',
          });
        }
        const view = await helperStep(auth, id, 'complete', {
          submit: { files: stored, note, signedOnDevice: !!signaturePdf },
        });
        return view;
      } catch (err) {
        await Promise.all(stored.map((s) => deps.storage.remove(s.path)));
        throw err;
      }
    },

    async earnings(auth: TAuth, weekStartsOn = 1): Promise<TEarningsView> {
      const payee =
        auth.user.role === 'labor'
          ? { userId: auth.user.id }
          : auth.user.role === 'staff' && auth.user.companyId
            ? { companyId: auth.user.companyId }
            : null;
      if (!payee) throw forbidden();
      const rows = await listPayoutsOf(db, payee);
      return earningsSummary(rows, weekStartsOn);
    },

    // ---------------- customers ----------------

    async customerList(auth: TAuth, q: { tab: 'active' | 'archive'; page: number; paginate: number }) {
      const r = await listCustomerDeliveries(db, auth.user.id, q.tab, q.page, q.paginate);
      const data = await viewsFor(r.rows, () => 'customer', null);
      return {
        data,
        meta: {
          ...pageMeta(q.page, q.paginate, q.tab === 'active' ? r.active : r.archive),
          active_count: r.active,
          archive_count: r.archive,
        },
      };
    },

    async customerOne(auth: TAuth, id: number) {
      return oneView(await customerDelivery(auth, id), 'customer', null);
    },

    async customerStep(auth: TAuth, id: number, action: 'cancel' | 'complete' | 'archive', reason?: string) {
      await customerDelivery(auth, id);
      const now = clock.now();
      const d = await db.transaction(async (tx) => {
        const d = await findDelivery(tx, id, true);
        if (!d || d.customerId !== auth.user.id) throw notFound();
        const step: TDeliveryStep = { party: 'customer', action, actorUserId: auth.user.id, now, reason };
        if (action === 'cancel') {
          // A full refund: by the provider when it was paid by card, nothing to refund for cash.
          const paidByCard = d.paidAt !== null && d.paymentSessionId !== null;
          step.patch = {
            cancelledBy: 'customer',
            cancelReason: reason?.trim() ?? null,
            refundStatus: paidByCard ? 'pending' : 'nothing_to_refund',
            refundAmount: paidByCard ? d.totalPrice : 0,
          };
        }
        if (action === 'complete') step.after = (t, row) => writePayout(t, row, now);
        const r = await writer.step(tx, d, step);
        if (!r.ok) throw refusal(r);
        return (await findDelivery(tx, id))!;
      });
      writer.committed();
      if (action === 'cancel' && d.refundStatus === 'pending') {
        await refundDelivery(deps, d);
        return oneView((await findDelivery(db, id))!, 'customer', null);
      }
      return oneView(d, 'customer', null);
    },

    /**
     * See reviews (spec: delivery card): a helper (the acceptor, or a bidder while it is open) sees
     * the customer's published reviews; the customer sees the acceptor's (its branch's, or the
     * labor user's), none before someone accepts.
     */
    async reviewsAbout(auth: TAuth, id: number) {
      let r: { list: TReviewView[]; sum: number; count: number };
      if (auth.user.role === 'customer') {
        const d = await customerDelivery(auth, id);
        r = d.acceptorBranchId
          ? await publishedBranchReviews(db, d.acceptorBranchId)
          : d.acceptorUserId
            ? await receivedByCustomer(db, d.acceptorUserId)
            : { list: [], sum: 0, count: 0 };
      } else {
        const d = await findDelivery(db, id);
        if (!d) throw notFound();
        await helperRole(d, helperActor(auth));
        r = await receivedByCustomer(db, d.customerId);
      }
      return { items: r.list, average: starAverage(r.sum, r.count), count: r.count };
    },

    /**
     * A review of the other side of a completed delivery (one per side, through the one writer):
     * the customer reviews the acceptor (its branch, or the labor user); the acceptor reviews the
     * customer. It starts unpublished (decision 010).
     */
    async review(auth: TAuth, id: number, input: { star: number; comment: string }): Promise<number> {
      const now = clock.now();
      const byCustomer = auth.user.role === 'customer';
      const actor = byCustomer ? null : helperActor(auth);
      let reviewId = 0;
      await db.transaction(async (tx) => {
        const d = await findDelivery(tx, id, true);
        if (!d) throw notFound();
        const acceptor =
          actor !== null &&
          ((actor.kind === 'labor' && d.acceptorUserId === actor.userId) ||
            (actor.kind === 'company' && d.acceptorCompanyId === actor.companyId));
        if (byCustomer ? d.customerId !== auth.user.id : !acceptor) throw notFound();
        const r = await writer.step(tx, d, {
          party: byCustomer ? 'customer' : 'acceptor',
          action: 'review',
          actorUserId: auth.user.id,
          now,
          after: async (t, row) => {
            const written = await writeDeliveryReview(t, {
              deliveryId: row.id,
              senderUserId: auth.user.id,
              senderParty: byCustomer ? 'customer' : 'company',
              receiverUserId: byCustomer ? row.acceptorUserId : row.customerId,
              receiverBranchId: byCustomer ? row.acceptorBranchId : null,
              star: input.star,
              comment: input.comment,
              createdAt: now,
              updatedAt: now,
            });
            if (!written) throw conflict(STALE_DELIVERY);
            reviewId = written;
          },
        });
        if (!r.ok) throw refusal(r);
      });
      writer.committed();
      return reviewId;
    },

    // ---------------- admin: the payout review ----------------

    async payoutQueue(q: { status: 'pending' | 'approved' | 'rejected'; page: number; paginate: number }) {
      const r = await listPayoutQueue(db, q.status, q.page, q.paginate);
      const data = await reviewItems(r.rows);
      return { data, meta: { ...pageMeta(q.page, q.paginate, r.total), pending_count: r.pending } };
    },

    async payoutOne(id: number) {
      const r = await findPayoutSubmission(db, id);
      if (!r) throw notFound();
      return (await reviewItems([r]))[0]!;
    },

    async decidePayout(auth: TAuth, id: number, decision: 'approve' | 'reject', reason?: string) {
      if (auth.user.role !== 'admin') throw forbidden();
      const now = clock.now();
      await db.transaction(async (tx) => {
        const found = await findPayoutSubmission(tx, id);
        if (!found) throw notFound();
        if (found.sub.status !== 'pending') throw conflict('This payout submission was already reviewed.');
        const d = await findDelivery(tx, found.delivery.id, true);
        if (!d) throw notFound();
        const r = await writer.step(tx, d, {
          party: 'admin',
          action: decision === 'approve' ? 'approve_payout' : 'reject_payout',
          actorUserId: auth.user.id,
          now,
          reason,
          after: async (t) => {
            const won = await decidePayoutSubmission(t, id, {
              status: decision === 'approve' ? 'approved' : 'rejected',
              reason: decision === 'reject' ? (reason?.trim() ?? null) : null,
              reviewedBy: auth.user.id,
              reviewedAt: now,
            });
            if (!won) throw conflict('This payout submission was already reviewed.');
          },
        });
        if (!r.ok) throw refusal(r);
      });
      writer.committed();
      return this.payoutOne(id);
    },
  };

  async function reviewItems(
    rows: { sub: Parameters<typeof payoutReviewItem>[0]; delivery: TDeliveryRow }[],
  ): Promise<TPayoutReviewItem[]> {
    const ctxs = await deliveryContexts(
      db,
      rows.map((r) => r.delivery),
    );
    const now = clock.now();
    return rows.map((r, i) => {
      const ctx = ctxs[i]!;
      return payoutReviewItem(
        r.sub,
        r.delivery,
        {
          customer: `${ctx.customer.firstName} ${ctx.customer.lastName}`.trim(),
          acceptor: ctx.acceptor?.name ?? 'Helper',
          acceptorKind: ctx.acceptor?.kind ?? 'labor',
        },
        now,
      );
    });
  }
}

/** The customer confirmed: the payout record (Base Price − Processing Fee + Tip) joins the ledger. */
async function writePayout(tx: TTx, d: TDeliveryRow, now: Date) {
  await insertPayout(tx, {
    deliveryId: d.id,
    payeeUserId: d.acceptorUserId,
    payeeCompanyId: d.acceptorCompanyId,
    basePrice: d.basePrice,
    processingFee: d.systemFee,
    tip: d.tip,
    totalPayout: d.basePrice - d.systemFee + d.tip,
    createdAt: now,
  });
}

export type TDeliveriesService = ReturnType<typeof createDeliveriesService>;
