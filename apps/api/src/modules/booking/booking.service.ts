import { BOOKING_MSG, SEARCH_MSG, type ZBookingInput } from '@haulpro/shared/booking';
import { windowFullMessage } from '@haulpro/shared/crew';
import { INVALID_ZIP } from '@haulpro/shared/geo';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { toE164 } from '@haulpro/shared/phone';
import { windowHours } from '@haulpro/shared/pricing-constants';
import { TALK_MSG } from '@haulpro/shared/talk';
import type { z } from 'zod';
import type { TAuth, TDeps } from '../../context.ts';
import type { orderAddresses } from '../../db/schema.ts';
import { together } from '../../db/together.ts';
import { todayIn } from '../../domain/availability.ts';
import { checkCapacity, type TJob } from '../../domain/capacity.ts';
import { priceAfterCoupon } from '../../domain/coupon.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { responseDeadline } from '../../domain/order-machine.ts';
import { wallTimeToInstant } from '../../domain/wall-time.ts';
import type {
  TCheckoutService,
  TIdempotencyKey,
  TIdempotencyRow,
  TIdempotentRun,
} from '../checkout/checkout.service.ts';
import type { TCrewsService } from '../crews/crews.service.ts';
import type { TCoverageIndex } from '../geo/coverage-index.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TOrderRow, TOrderView } from '../orders/order-view.ts';
import type { TOrderPlacement, TOrdersService } from '../orders/orders.service.ts';
import type { TReferralsService } from '../referrals/referrals.service.ts';
import type { TUsersService } from '../users/users.service.ts';
import type { TBranchBookingData } from './booking.repository.ts';
import { branchOffer, jobOf } from './branch-offer.ts';
import { createBranchPricing } from './branch-pricing.ts';
import { createHelperSearchService, offerErrorField } from './helper-search.service.ts';
import { createTeamCapacity } from './team-capacity.ts';

type TBooking = z.output<typeof ZBookingInput>;
/** What POST customer/orders answers: the customer's view of the order and, for card payment, where to pay. */
export type TBookingAnswer = { order: TOrderView; checkoutUrl: string | null };

/** The public helper search, the booking itself and the payment webhook (issue 6). */
export function createBookingService(
  deps: TDeps,
  geo: ReturnType<typeof createGeoService>,
  coverage: TCoverageIndex,
  orders: TOrderPlacement & Pick<TOrdersService, 'findOrder' | 'contexts' | 'view'>,
  checkout: TCheckoutService,
  crews: Pick<TCrewsService, 'lockBranch' | 'teams' | 'holdingJobs'>,
  referrals: Pick<TReferralsService, 'redeemCoupon' | 'attachCouponOrder'>,
  users: Pick<TUsersService, 'setSmsOptIn'>,
) {
  const { db, clock, config } = deps;
  const electronic = checkout.electronicPayments;
  // A paid moving order is the orders module's to apply, inside the checkout's webhook transaction.
  checkout.onPayment('order', (tx, ev, now) => orders.applyPayment(tx, ev, now));
  // The helper list and one branch's live price (helper-search.service.ts).
  const { loadCapacity, lockedCapacity, nextWindowFor } = createTeamCapacity(crews);
  const branchPricing = createBranchPricing(deps);
  const helperSearch = createHelperSearchService(deps, geo, coverage, {
    loadCapacity,
    nextWindowFor,
    branchPricing,
  });

  function checkNotPast(date: string, timeZone: string, field: string) {
    if (date < todayIn(timeZone, clock.now())) throw invalid({ [field]: [SEARCH_MSG.pastDate] });
  }

  /** The answer to a repeated Idempotency-Key: the order it made (and its payment page), or a 422. */
  async function replay(prior: TIdempotencyRow): Promise<TBookingAnswer> {
    const row = prior.orderId ? await orders.findOrder(prior.orderId) : undefined;
    if (!row) throw notFound();
    const ctx = (await orders.contexts([row])).get(row.id)!;
    const order = orders.view(row, ctx, 'customer', clock.now());
    // The first answer's payment page; or, when opening it failed after the commit, a new one now.
    const checkoutUrl =
      prior.checkoutUrl ??
      (row.status === ORDER_STATUS.waitingForPayment && !row.paymentSessionId
        ? await startCheckout(row, row.email, ctx.branchName, { userId: prior.userId, key: prior.key })
        : null);
    return { order, checkoutUrl };
  }

  /** Opens the provider's payment page for a Waiting For Payment order and records it once. */
  async function startCheckout(
    o: TOrderRow,
    email: string,
    branchName: string,
    idem: TIdempotencyKey | null,
  ): Promise<string | null> {
    const base = config.publicUrl;
    return checkout.openPaymentPage(
      {
        orderId: o.id,
        amountCents: o.orderPrice,
        description: `Haulpro moving order #${o.id} with ${branchName} on ${o.arrivalDate}`,
        customerEmail: email,
        successUrl: `${base}/user-dashboard?order_id=${o.id}&paid=1`,
        cancelUrl: `${base}/user-dashboard?order_id=${o.id}`,
      },
      idem,
      (tx, sessionId) => orders.recordPaymentSession(tx, o.id, sessionId),
    );
  }

  /** The 422 for a full window: the team is busy then; it names the next free window. */
  async function windowFull(d: TBranchBookingData, job: TJob, date: string) {
    const next = await nextWindowFor(db, d, job, date, clock.now());
    return invalid({ arrival_time: [windowFullMessage(next)] });
  }

  return {
    electronicPayments: electronic,

    search: helperSearch.search,
    one: helperSearch.one,

    /**
     * Places a moving order: the server prices it again and keeps its own snapshot. The answer is
     * built from what the transaction wrote (nothing is read back after the commit). With an
     * Idempotency-Key the first request with that key books and every later one (or a concurrent
     * one) gets that order back; the same key with another body is refused (decision 013).
     */
    async book(auth: TAuth, v: TBooking, timeZone: string, key?: string): Promise<TBookingAnswer> {
      const idem = key
        ? { userId: auth.user.id, key, hash: checkout.idempotencyHash('POST customer/orders', v) }
        : null;
      const checks = await checkout.checkUnlessBooked(idem, async () => {
        if (v.payment_method === 'electronic' && !electronic())
          throw invalid({ payment_method: [BOOKING_MSG.electronicUnavailable] });
        checkNotPast(v.arrival_date, timeZone, 'arrival_date');
        // Every address ZIP must be known.
        const fieldErrors: Record<string, string[]> = {};
        const all = [
          ...v.pickups.map((a, i) => [`pickups.${i}.zip_code`, a.zip_code] as const),
          ...v.destinations.map((a, i) => [`destinations.${i}.zip_code`, a.zip_code] as const),
        ];
        const infos = await Promise.all(all.map(([, zip]) => geo.zipInfo(zip)));
        all.forEach(([field], i) => {
          if (!infos[i]) fieldErrors[field] = [INVALID_ZIP];
        });
        // Photos are checked by their bytes before anything is written.
        const { photos, errors: photoErrors } = await checkout.readPhotos(v.item_photos, 'item_photos');
        Object.assign(fieldErrors, photoErrors);
        if (v.sms_opt_in && !toE164(v.phone)) fieldErrors.sms_opt_in = [TALK_MSG.smsPhone];
        if (Object.keys(fieldErrors).length) throw invalid(fieldErrors);
        const pickup = infos[0]!;
        const destination = v.destinations.length ? infos[v.pickups.length]! : pickup;
        const lastDestination = v.destinations.length ? infos[infos.length - 1]! : destination;

        const d = await branchPricing(v.branch_id, v.arrival_date);
        if (!d) throw invalid({ branch_id: [BOOKING_MSG.branchGone] });
        d.capacity = (await loadCapacity(db, [d.branch.id], v.arrival_date)).get(d.branch.id);
        const o = branchOffer(d, {
          typeService: v.type_service === 2 ? 2 : 1,
          helpers: v.helpers_count,
          exact: true,
          hours: v.hours_count,
          bedrooms: v.bedrooms_count,
          date: v.arrival_date,
          window: v.arrival_time,
          paymentMethod: v.payment_method,
          redeem: v.coupon !== undefined,
          equipment: v.equipment,
          pickup,
          destination: lastDestination,
          now: clock.now(),
        });
        if (!o.ok && o.reason === 'full') throw await windowFull(d, o.job, v.arrival_date);
        if (!o.ok) throw invalid(offerErrorField(o.reason, o.message));
        const job = jobOf(o.service, { window: v.arrival_time, hours: v.hours_count });
        return { photos, d, o, job };
      });
      if (checks.prior) return replay(checks.prior);
      const { photos, d, o, job } = checks.checked;

      const b = d.branch;
      const now = clock.now();
      type TPlaced = { order: TOrderRow; addresses: (typeof orderAddresses.$inferSelect)[] };
      let run: TIdempotentRun<TPlaced>;
      try {
        const arrivalStart = wallTimeToInstant(v.arrival_date, windowHours(v.arrival_time).start, b.timeZone);
        const q = o.quote;
        // Its id is taken first, so that everything naming it is sent with its row (decision 041).
        const orderId = await orders.nextOrderId();
        run = await checkout.withStagedPhotos(photos, (stored) =>
          checkout.runIdempotent(idem, async (tx, record) => {
            // A coupon comes off the price once, never below zero (decision 022); used, it is a 422.
            const coupon = v.coupon
              ? await referrals.redeemCoupon(tx, { code: v.coupon, userId: auth.user.id, now })
              : null;
            const price = coupon ? priceAfterCoupon(q.total, coupon.amountCents) : q.total;
            // Nothing left to pay: no payment page, the order goes to the company as a cash order would.
            const waiting = v.payment_method === 'electronic' && price > 0;
            const addresses = [
              ...v.pickups.map((a, i) => ({ ...a, kind: 'pickup' as const, position: i })),
              ...v.destinations.map((a, i) => ({ ...a, kind: 'destination' as const, position: i })),
            ];
            // The order, what names it, the coupon's and the texts' settings, then the branch's
            // lock and count, all sent together (decision 041). The branch's bookings count its
            // jobs one at a time (decision 019): the count starts once the lock is held, so of two
            // for the last free slot the second counts after the first commits, and is refused
            // (its order, notices and mail roll back). The lock is taken last, so bookings of one
            // branch wait on each other only for the count and the commit (issue 30). A branch
            // without a team when priced has no limit: nothing to count, no lock (decision 041).
            const [placedNow, , , , cap] = await together([
              orders.placeOrder(tx, {
                actorUserId: auth.user.id,
                now,
                branchName: b.name,
                order: {
                  id: orderId,
                  customerId: auth.user.id,
                  companyId: b.companyId,
                  branchId: b.id,
                  status: waiting ? ORDER_STATUS.waitingForPayment : ORDER_STATUS.new,
                  typeService: v.type_service,
                  typeMoving: v.type_moving,
                  typeHelp: v.type_help,
                  bedroomsCount: v.bedrooms_count,
                  helpersCount: o.service.employeesCount,
                  hoursCount: v.hours_count,
                  truckNumber: o.service.serviceType === 2 ? (o.service.truckNumber ?? 0) : 0,
                  truckSize: o.service.serviceType === 2 ? o.service.truckSize : null,
                  arrivalDate: v.arrival_date,
                  arrivalTime: v.arrival_time,
                  timeZone: b.timeZone,
                  name: v.name,
                  email: v.email,
                  phone: v.phone,
                  secondaryPhone: v.secondary_phone ?? null,
                  paymentMethod: v.payment_method,
                  uniqueItems: v.unique_items || null,
                  notes: v.notes || null,
                  servicePriceId: o.service.id,
                  quote: {
                    ...q,
                    redeem_enabled: coupon !== null,
                    coupon_amount: coupon?.amountCents ?? 0,
                    coupon_discount: q.total - price,
                  },
                  orderPrice: price,
                  itemPhotos: stored,
                  // The clock starts when the order reaches the company (now for cash, at payment otherwise).
                  responseDeadline: waiting
                    ? null
                    : responseDeadline(now, arrivalStart, config.orderResponseHours),
                  createdAt: now,
                  updatedAt: now,
                },
                addresses: addresses.map((a) => ({
                  kind: a.kind,
                  position: a.position,
                  address: a.address,
                  cityOrTown: a.city_or_town,
                  state: a.state,
                  zipCode: a.zip_code,
                  typeProperty: a.type_property,
                  flightsOfStairs: a.flights_of_stairs,
                })),
              }),
              // The key's order (the key is this customer's, claimed above), after the row it names.
              idem ? record({ orderId }) : null,
              coupon ? referrals.attachCouponOrder(tx, coupon.couponId, orderId) : null,
              v.sms_opt_in !== undefined ? users.setSmsOptIn(tx, auth.user, v.sms_opt_in, v.phone) : null,
              d.capacity?.team ? lockedCapacity(tx, b.id, v.arrival_date, orderId) : null,
            ]);
            if (cap?.team && !checkCapacity(cap.team, cap.jobs, job).ok) throw new TeamFull();
            return { value: placedNow, target: { orderId } };
          }),
        );
      } catch (err) {
        if (err instanceof TeamFull) throw await windowFull(d, job, v.arrival_date);
        throw err;
      }
      // Another request with this key booked first (it committed while this one waited).
      if (!run.won) return replay(run.prior);
      const placed = run.value;
      deps.mailer.kick();
      const view = orders.view(
        placed.order,
        {
          branchName: b.name,
          branchZip: b.zipCode,
          branchPhone: b.primaryPhone,
          companyName: d.company.name,
          customerPhone: auth.user.phone,
          addresses: placed.addresses,
          pendingReschedule: null,
          reviews: [],
          crew: [],
          jobUnderWay: false,
        },
        'customer',
        now,
      );
      // The order stands from here on; a failure to open the payment page is retried with the same key.
      const checkoutUrl =
        placed.order.status === ORDER_STATUS.waitingForPayment
          ? await startCheckout(placed.order, v.email, b.name, idem)
          : null;
      return { order: view, checkoutUrl };
    },
  };
}

/** Thrown inside the booking's transaction when the team filled up meanwhile (rolls it back). */
class TeamFull extends Error {}

export type TBookingService = ReturnType<typeof createBookingService>;
