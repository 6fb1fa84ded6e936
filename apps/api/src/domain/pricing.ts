/**
 * The pricing engine: pure, no I/O, money in integer cents. Every rule the spec leaves open is
 * recorded in docs/decisions/005-pricing-engine.md, whose worked-examples table the tests run.
 */
import type { TDoubleDriving, TServiceType } from '@haulpro/shared/pricing-constants';
import { toDollars } from './money.ts';

export const KM_PER_MILE = 1.609344;
/** Average truck speed used to turn miles into drive time for double driving (decision 005). */
export const DRIVE_MPH = 30;
/** Service fee multiplier of the hourly rate: 0.75 when redeem is on or there is no processing fee. */
export const SERVICE_FEE_FULL = 1;
export const SERVICE_FEE_REDUCED = 0.75;

export type TBranchPricing = {
  feeFirstBedroom: number;
  feeExtraBedroom: number;
  /** km; moves longer than this surge. */
  surgeDistance: number;
  surgeAdditionalHourlyRate: number;
  surgeAdditionalMinHours: number;
  surgeAdditionalServiceFee: number;
  doubleDriving: TDoubleDriving;
};

export type TServicePrice = {
  serviceType: TServiceType;
  employeesCount: number;
  minimumHours: number;
  baseHourlyRate: number;
  truckNumber: number;
};

export type TDateAdjustment = { isDiscount: boolean; isValuePercentage: boolean; value: number };

/** value: cents when type is '$', basis points (1/100 of a percent) when '%'. */
export type TProcessingFee = { type: '$' | '%'; value: number };

export type TQuoteInput = {
  branch: TBranchPricing;
  service: TServicePrice;
  hours: number;
  bedrooms: number;
  /** Straight-line distance between pickup and destination ZIP points, km. */
  distanceKm: number;
  equipment: { value: number; isActive: boolean }[];
  /** The discount or surcharge set for the move date, if any. */
  dateAdjustment: TDateAdjustment | null;
  paymentMethod: 'cash' | 'electronic';
  processingFee: TProcessingFee;
  redeemEnabled: boolean;
};

export type TQuote = {
  service_type: TServiceType;
  helpers_count: number;
  truck_number: number;
  hourly: number;
  hours_count: number;
  minimum_hours: number;
  billable_hours: number;
  total_for_n_hours: number;
  is_surge: boolean;
  distance_miles: number;
  is_double_drive: boolean;
  double_drive_hours: number;
  double_drive_price: number;
  bedroom_fee: number;
  equipment: number;
  subtotal: number;
  date_adjustment: number;
  service_fee: number;
  processing_fee: number;
  total: number;
};

/** Rounds up to the quarter hour; the epsilon keeps float noise (1.0000000001) from adding a quarter. */
const ceilQuarter = (h: number) => Math.max(0, Math.ceil(h * 4 - 1e-9) / 4);

export function isSurge(branch: TBranchPricing, distanceKm: number): boolean {
  return distanceKm > branch.surgeDistance;
}

/** Extra drive time charged by the double-driving option (helpers and trucks only). */
export function doubleDriveHours(
  option: TDoubleDriving,
  serviceType: TServiceType,
  distanceKm: number,
): number {
  if (option === -1 || serviceType !== 2) return 0;
  const miles = distanceKm / KM_PER_MILE;
  const doubled = option === 0 ? miles : Math.max(0, miles - option);
  return ceilQuarter(doubled / DRIVE_MPH);
}

export function bedroomFee(branch: TBranchPricing, bedrooms: number): number {
  if (bedrooms < 1) return 0;
  return branch.feeFirstBedroom + branch.feeExtraBedroom * (bedrooms - 1);
}

export function dateAdjustmentAmount(adj: TDateAdjustment | null, subtotal: number): number {
  if (!adj || adj.value <= 0) return 0;
  const amount = adj.isValuePercentage ? Math.round((subtotal * adj.value) / 100) : adj.value;
  return adj.isDiscount ? -Math.min(amount, subtotal) : amount;
}

export function quote(input: TQuoteInput): TQuote {
  const { branch, service } = input;
  const surge = isSurge(branch, input.distanceKm);
  const hourly = service.baseHourlyRate + (surge ? branch.surgeAdditionalHourlyRate : 0);
  const minimumHours = service.minimumHours + (surge ? branch.surgeAdditionalMinHours : 0);
  const billableHours = Math.max(input.hours, minimumHours);
  const labor = Math.round(hourly * billableHours);
  const ddHours = doubleDriveHours(branch.doubleDriving, service.serviceType, input.distanceKm);
  const ddPrice = Math.round(hourly * ddHours);
  const bedrooms = bedroomFee(branch, input.bedrooms);
  const equipment = input.equipment.filter((e) => e.isActive).reduce((sum, e) => sum + e.value, 0);
  const subtotal = labor + ddPrice + bedrooms + equipment;
  const adjustment = dateAdjustmentAmount(input.dateAdjustment, subtotal);
  const adjusted = subtotal + adjustment;

  const hasProcessingFee = input.paymentMethod === 'electronic' && input.processingFee.value > 0;
  const factor = input.redeemEnabled || !hasProcessingFee ? SERVICE_FEE_REDUCED : SERVICE_FEE_FULL;
  const serviceFee = Math.round(hourly * factor) + (surge ? branch.surgeAdditionalServiceFee : 0);
  const processingFee = !hasProcessingFee
    ? 0
    : input.processingFee.type === '$'
      ? input.processingFee.value
      : Math.round(((adjusted + serviceFee) * input.processingFee.value) / 10000);

  return {
    service_type: service.serviceType,
    helpers_count: service.employeesCount,
    truck_number: service.serviceType === 2 ? service.truckNumber : 0,
    hourly,
    hours_count: input.hours,
    minimum_hours: minimumHours,
    billable_hours: billableHours,
    total_for_n_hours: labor,
    is_surge: surge,
    distance_miles: Math.round((input.distanceKm / KM_PER_MILE) * 10) / 10,
    is_double_drive: ddHours > 0,
    double_drive_hours: ddHours,
    double_drive_price: ddPrice,
    bedroom_fee: bedrooms,
    equipment,
    subtotal,
    date_adjustment: adjustment,
    service_fee: serviceFee,
    processing_fee: processingFee,
    total: adjusted + serviceFee + processingFee,
  };
}

/** Cents -> dollars for every money field of a quote. */
export function quoteInDollars(q: TQuote) {
  const d = toDollars;
  return {
    ...q,
    hourly: d(q.hourly),
    total_for_n_hours: d(q.total_for_n_hours),
    double_drive_price: d(q.double_drive_price),
    bedroom_fee: d(q.bedroom_fee),
    equipment: d(q.equipment),
    subtotal: d(q.subtotal),
    date_adjustment: d(q.date_adjustment),
    service_fee: d(q.service_fee),
    processing_fee: d(q.processing_fee),
    total: d(q.total),
  };
}

/** A branch's stored pricing settings (its row) as the engine takes them. */
export function branchPricing(
  branch: Omit<TBranchPricing, 'doubleDriving'> & { doubleDriving: number },
): TBranchPricing {
  return {
    feeFirstBedroom: branch.feeFirstBedroom,
    feeExtraBedroom: branch.feeExtraBedroom,
    surgeDistance: branch.surgeDistance,
    surgeAdditionalHourlyRate: branch.surgeAdditionalHourlyRate,
    surgeAdditionalMinHours: branch.surgeAdditionalMinHours,
    surgeAdditionalServiceFee: branch.surgeAdditionalServiceFee,
    doubleDriving: branch.doubleDriving as TDoubleDriving,
  };
}

/** A stored crew (a service price row) as the engine takes it. */
export function servicePricing(
  service: Omit<TServicePrice, 'serviceType' | 'truckNumber'> & {
    serviceType: number;
    truckNumber: number | null;
  },
): TServicePrice {
  return {
    serviceType: service.serviceType === 2 ? 2 : 1,
    employeesCount: service.employeesCount,
    minimumHours: service.minimumHours,
    baseHourlyRate: service.baseHourlyRate,
    truckNumber: service.truckNumber ?? 0,
  };
}
