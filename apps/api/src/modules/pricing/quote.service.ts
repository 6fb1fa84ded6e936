import { distanceKm, INVALID_ZIP } from '@haulpro/shared/geo';
import type { ZQuoteRequest } from '@haulpro/shared/pricing';
import type { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { branchPricing, quote, quoteInDollars, servicePricing } from '../../domain/pricing.ts';
import type { TBranchRow } from '../branches/branches.service.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TOptionsService } from '../options/options.service.ts';
import { discountOnDate, findBranchService } from './pricing.repository.ts';

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
