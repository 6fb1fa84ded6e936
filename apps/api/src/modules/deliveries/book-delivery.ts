import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import type { TDeliveryParsed } from '@haulpro/shared/delivery-input';
import type { TDeliveryQuoteView, TDeliveryView } from '@haulpro/shared/delivery-view';
import { INVALID_ZIP } from '@haulpro/shared/geo';
import { toE164 } from '@haulpro/shared/phone';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import { TALK_MSG } from '@haulpro/shared/talk';
import type { TAuth, TDeps } from '../../context.ts';
import { todayIn } from '../../domain/availability.ts';
import { biddingDeadline } from '../../domain/delivery-bidding.ts';
import { deliveryPrice, type TDeliveryVehicle } from '../../domain/delivery-pricing.ts';
import { forbidden, invalid, notFound } from '../../domain/errors.ts';
import { toCents, toDollars } from '../../domain/money.ts';
import { timeZoneForState } from '../../domain/state-time-zones.ts';
import type { TCheckoutService, TIdempotencyKey, TIdempotencyRow } from '../checkout/checkout.service.ts';
import type { TCoverageIndex } from '../geo/coverage-index.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TUsersService } from '../users/users.service.ts';
import {
  findDelivery,
  insertBidders,
  insertDelivery,
  setPaymentSession,
  type TDeliveryRow,
} from './deliveries.repository.ts';
import type { TDeliveryFunnel } from './delivery-act.ts';
import { coveringLabor } from './delivery-lists.repository.ts';
import { DELIVERY_TEXT, type TDeliveryReads } from './delivery-reads.ts';

const KM_PER_MILE = 1.609344;
const MILES_PER_KM = 1 / KM_PER_MILE;

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

/**
 * A customer books a delivery (issue 13; decisions 016, 017 and 023): the server's quote, the
 * booking through the one checkout (its key, its staged photos, its payment page), and what a
 * verified payment does to it (registered with the checkout: the delivery opens for bidding).
 */
export function createDeliveryBooking(
  deps: TDeps,
  geo: ReturnType<typeof createGeoService>,
  coverage: TCoverageIndex,
  checkout: TCheckoutService,
  funnel: TDeliveryFunnel,
  reads: TDeliveryReads,
  users: Pick<TUsersService, 'setSmsOptIn'>,
) {
  const { db, clock, config } = deps;
  const { oneView } = reads;
  // A paid delivery opens for bidding, inside the checkout's webhook transaction.
  checkout.onPayment('delivery', async (tx, ev, now) => {
    if (!ev.deliveryId || !ev.paid) return { applied: false };
    const done = await funnel.actIn(
      tx,
      { kind: 'system' },
      ev.deliveryId,
      {
        kind: 'paid',
        sessionId: ev.sessionId,
        amountCents: ev.amountCents,
        paymentIntentId: ev.paymentIntentId,
        customerId: ev.customerId,
      },
      now,
    );
    return done ? { applied: true, committed: done.committed } : { applied: false };
  });

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
        ? { userId: auth.user.id, key, hash: checkout.idempotencyHash('POST customer/deliveries', v) }
        : null;
      const now = clock.now();
      const checks = await checkout.checkUnlessBooked(idem, async () => {
        const { from, miles, p } = await price(v);
        const timeZone = timeZoneForState(from.state_code);
        if (v.arrival_date <= todayIn(timeZone, now))
          throw invalid({ arrival_date: [DELIVERY_TEXT.tooSoon] });
        if (v.payment_method === 'electronic' && !deps.payments)
          throw invalid({ payment_method: [DELIVERY_TEXT.noCard] });
        const { photos, errors: photoErrors } = await checkout.readPhotos(v.item_photos, 'item_photos');
        if (v.sms_opt_in && !toE164(v.phone)) photoErrors.sms_opt_in = [TALK_MSG.smsPhone];
        if (Object.keys(photoErrors).length) throw invalid(photoErrors);
        return { from, miles, p, timeZone, photos };
      });
      if (checks.prior) return replay(auth, checks.prior);
      const { from, miles, p, timeZone, photos } = checks.checked;
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
          if (!electronic) await funnel.mailBidders(tx, id);
          if (v.sms_opt_in !== undefined) await users.setSmsOptIn(tx, auth.user, v.sms_opt_in, v.phone);
          return { value: id, target: { deliveryId: id } };
        }),
      );
      // A concurrent request with the same key booked first: answer with its delivery.
      if (!run.won) return replay(auth, run.prior);
      const id = run.value;
      funnel.committed();
      let d = (await findDelivery(db, id))!;
      const checkoutUrl = electronic ? await startCheckout(d, auth.user.email, idem) : null;
      if (checkoutUrl) d = (await findDelivery(db, id))!;
      return { delivery: await oneView(d, 'customer', null), checkoutUrl };
    },
  };
}
