import { BOOKING_MSG } from '@haulpro/shared/booking';
import { windowFullMessage } from '@haulpro/shared/crew';
import { distanceKm } from '@haulpro/shared/geo';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import { availability, type TUnavailableReason } from '../../domain/availability.ts';
import { checkCapacity, type TJob } from '../../domain/capacity.ts';
import { branchPricing, quote, servicePricing, type TQuote } from '../../domain/pricing.ts';
import type { TBranchBookingData } from './booking.repository.ts';

type TPoint = { latitude: number; longitude: number };
type TServiceRow = TBranchBookingData['services'][number];

export type TOfferRequest = {
  typeService: 1 | 2;
  /** The crew size wanted; `exact` refuses any other (booking), otherwise the closest is offered (search). */
  helpers: number;
  exact: boolean;
  hours: number | undefined;
  bedrooms: number;
  date: string;
  window: TShowUpWindow;
  paymentMethod: 'cash' | 'electronic';
  /** A coupon is redeemed with this booking: the reduced service fee applies (decision 005, rule 8). */
  redeem?: boolean;
  equipment: string[];
  pickup: TPoint;
  destination: TPoint;
  now: Date;
};

export type TOfferOk = {
  ok: true;
  service: TServiceRow;
  services: TServiceRow[];
  quote: TQuote;
  distanceToPickupKm: number;
};
export type TOffer =
  | TOfferOk
  | { ok: false; reason: 'not_covered' | 'no_crew' | TUnavailableReason; message: string }
  /** The team is busy in that window (decision 019): the job, and what it would cost, to look further. */
  | { ok: false; reason: 'full'; message: string; job: TJob; priced: TOfferOk };

/** The crew for a wanted size: that size, else the smallest larger one, else the largest. */
export function chooseService(services: TServiceRow[], helpers: number, exact: boolean): TServiceRow | null {
  const sorted = [...services].sort(
    (a, b) => a.employeesCount - b.employeesCount || a.baseHourlyRate - b.baseHourlyRate,
  );
  const same = sorted.find((s) => s.employeesCount === helpers);
  if (same || exact) return same ?? null;
  return sorted.find((s) => s.employeesCount > helpers) ?? sorted.at(-1) ?? null;
}

/** What one branch offers for a job: coverage, availability, crew and the itemised quote. No I/O. */
export function branchOffer(d: TBranchBookingData, r: TOfferRequest): TOffer {
  const b = d.branch;
  const toPickupKm = distanceKm({ latitude: b.latitude, longitude: b.longitude }, r.pickup);
  if (toPickupKm > b.serviceArea)
    return { ok: false, reason: 'not_covered', message: BOOKING_MSG.notCovered };
  const avail = availability({
    timeZone: b.timeZone,
    workingDays: d.workingDays.map((w) => ({
      day: w.day,
      isActive: w.isActive,
      fromHour: w.fromHour,
      toHour: w.toHour,
    })),
    blockedDays: d.blocked.map((x) => ({
      date: x.date,
      isOnMorning: x.isOnMorning,
      isOnAfternoon: x.isOnAfternoon,
    })),
    acceptInPeriodOf: d.company.acceptInPeriodOf,
    acceptNextDayMove: d.company.acceptNextDayMove,
    date: r.date,
    window: r.window,
    now: r.now,
  });
  if (!avail.available) return { ok: false, reason: avail.reason, message: avail.message };
  const services = d.services.filter((s) => s.serviceType === r.typeService);
  const service = chooseService(services, r.helpers, r.exact);
  if (!service) return { ok: false, reason: 'no_crew', message: BOOKING_MSG.noCrew };
  const q = quote({
    branch: branchPricing(b),
    service: servicePricing(service),
    hours: r.hours ?? service.minimumHours,
    bedrooms: r.bedrooms,
    distanceKm: distanceKm(r.pickup, r.destination),
    equipment: b.equipments
      .filter((e) => r.equipment.includes(e.uuid))
      .map((e) => ({ value: e.value, isActive: e.is_active })),
    dateAdjustment: d.offer
      ? { isDiscount: d.offer.isDiscount, isValuePercentage: d.offer.isValuePercentage, value: d.offer.value }
      : null,
    paymentMethod: r.paymentMethod,
    processingFee: { type: d.company.paymentMethodsIcon, value: d.company.paymentMethodsFee },
    redeemEnabled: r.redeem === true,
  });
  const offer: TOfferOk = { ok: true, service, services, quote: q, distanceToPickupKm: toPickupKm };
  // Capacity stands beside availability: the window is open, but is anyone free to go?
  if (d.capacity) {
    const job = jobOf(service, r);
    if (!checkCapacity(d.capacity.team, d.capacity.jobs, job).ok)
      return { ok: false, reason: 'full', message: windowFullMessage(null), job, priced: offer };
  }
  return offer;
}

/** The job a request is for, as the capacity rule counts it. */
export function jobOf(service: TServiceRow, r: Pick<TOfferRequest, 'window' | 'hours'>): TJob {
  return {
    window: r.window,
    hours: r.hours ?? service.minimumHours,
    helpers: service.employeesCount,
    trucks: service.serviceType === 2 ? (service.truckNumber ?? 0) : 0,
  };
}
