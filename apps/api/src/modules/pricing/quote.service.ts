import { distanceKm, INVALID_ZIP } from '@haulpro/shared/geo';
import type { ZQuoteRequest } from '@haulpro/shared/pricing';
import type { TDoubleDriving } from '@haulpro/shared/pricing-constants';
import type { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { quote, type TBranchPricing, type TQuote, type TServicePrice } from '../../domain/pricing.ts';
import type { TBranchRow } from '../branches/branches.service.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TOptionsService } from '../options/options.service.ts';
import { discountOnDate, findBranchService, type TServicePriceRow } from './pricing.repository.ts';

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

/** A branch row's pricing settings as the engine takes them. */
export function branchPricing(branch: TBranchRow): TBranchPricing {
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

/** A stored crew (service price) as the engine takes it. */
export function servicePricing(service: TServicePriceRow): TServicePrice {
  return {
    serviceType: service.serviceType === 2 ? 2 : 1,
    employeesCount: service.employeesCount,
    minimumHours: service.minimumHours,
    baseHourlyRate: service.baseHourlyRate,
    truckNumber: service.truckNumber ?? 0,
  };
}

/** Feeds the pure engines from a branch's stored settings. */
export function createQuoteService(
  { db }: TDeps,
  geo: ReturnType<typeof createGeoService>,
  options: Pick<TOptionsService, 'companySettings'>,
) {
  return {
    async quote(branch: TBranchRow, v: z.output<typeof ZQuoteRequest>) {
      const service = await findBranchService(db, branch.id, v.service_id);
      if (!service) throw notFound();
      const [from, to] = await Promise.all([geo.zipInfo(v.from_zip), geo.zipInfo(v.to_zip)]);
      if (!from || !to) {
        throw invalid({
          ...(from ? {} : { from_zip: [INVALID_ZIP] }),
          ...(to ? {} : { to_zip: [INVALID_ZIP] }),
        });
      }
      const [company, offer] = await Promise.all([
        options.companySettings(branch.companyId),
        discountOnDate(db, branch.id, v.date),
      ]);
      const q = quote({
        branch: branchPricing(branch),
        service: servicePricing(service),
        hours: v.hours,
        bedrooms: v.bedrooms,
        distanceKm: distanceKm(from, to),
        equipment: branch.equipments
          .filter((e) => v.equipment.includes(e.uuid))
          .map((e) => ({ value: e.value, isActive: e.is_active })),
        dateAdjustment: offer
          ? { isDiscount: offer.isDiscount, isValuePercentage: offer.isValuePercentage, value: offer.value }
          : null,
        paymentMethod: v.payment_method,
        processingFee: { type: company?.paymentMethodsIcon ?? '$', value: company?.paymentMethodsFee ?? 0 },
        redeemEnabled: v.redeem_enabled,
      });
      return quoteInDollars(q);
    },
  };
}
