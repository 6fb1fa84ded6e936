import { randomUUID } from 'node:crypto';
import {
  PRICING_MSG,
  raiseSurgeDistance,
  type ZBranchPricingInput,
  type ZDiscountInput,
  type ZQuoteRequest,
  type ZServicePriceInput,
} from '@haulpro/shared/pricing';
import type { z } from 'zod';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import type { TRange } from '../../db/date-range.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { toCents } from '../../domain/money.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import { staffCompanyId } from '../company-scope.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TOptionsService } from '../options/options.service.ts';
import {
  deleteBranchDiscount,
  deleteService,
  discountOnDate,
  findBranchDiscount,
  findBranchService,
  insertDiscount,
  insertService,
  listBranchDiscounts,
  listBranchServices,
  type TDiscountRow,
  type TServicePriceRow,
  updateDiscount,
  updateService,
} from './pricing.repository.ts';
import { branchPricingView, discountView, servicePriceView } from './pricing.views.ts';
import { createQuoteService } from './quote.service.ts';

type TOut<T extends z.ZodType> = z.output<T>;

export function createPricingService(
  deps: TDeps,
  geo: ReturnType<typeof createGeoService>,
  branches: Pick<TBranchesService, 'companyBranch' | 'updatePricing'>,
  options: Pick<TOptionsService, 'companySettings'>,
) {
  const { db } = deps;
  const quotes = createQuoteService(deps, geo, options);

  /** A branch of the caller's company, or 404 (another company's branch looks like no branch). */
  async function ownBranch(auth: TAuth, branchId: number) {
    const branch = await branches.companyBranch(staffCompanyId(auth), branchId);
    if (!branch) throw notFound();
    return branch;
  }

  function serviceColumns(v: TOut<typeof ZServicePriceInput>) {
    return {
      name: v.name,
      employeesCount: v.employees_count,
      minimumHours: v.minimum_hours,
      baseHourlyRate: toCents(v.base_hourly_rate),
      chargeOvertime: toCents(v.charge_overtime),
      serviceType: v.service_type,
      truckSize: v.service_type === 2 ? (v.truck_size ?? null) : null,
      truckNumber: v.service_type === 2 ? (v.truck_number ?? null) : null,
    };
  }

  function discountColumns(v: TOut<typeof ZDiscountInput>) {
    return {
      date: v.date,
      isDiscount: v.is_discount,
      isValuePercentage: v.is_value_percentage,
      value: v.is_value_percentage ? v.value : toCents(v.value),
    };
  }

  async function findService(branchId: number, id: number) {
    const row = await findBranchService(db, branchId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Another offer on that date (the offer being edited does not count). */
  async function otherDiscountOnDate(branchId: number, date: string, exceptId?: number) {
    const row = await discountOnDate(db, branchId, date);
    return row && row.id !== exceptId ? row : undefined;
  }

  return {
    // ---- the price engine, fed from stored settings ----
    async previewQuote(auth: TAuth, branchId: number, v: TOut<typeof ZQuoteRequest>) {
      return quotes.quote(await ownBranch(auth, branchId), v);
    },

    // ---- service prices ----
    async listServices(auth: TAuth, branchId: number) {
      await ownBranch(auth, branchId);
      const views = (await listBranchServices(db, branchId)).map(servicePriceView);
      return {
        helpers_only: views.filter((s) => s.service_type === 1),
        helpers_and_trucks: views.filter((s) => s.service_type === 2),
      };
    },

    async createService(auth: TAuth, branchId: number, v: TOut<typeof ZServicePriceInput>) {
      await ownBranch(auth, branchId);
      const row = await insertService(db, branchId, serviceColumns(v));
      return servicePriceView(row!);
    },

    async updateService(auth: TAuth, branchId: number, id: number, v: TOut<typeof ZServicePriceInput>) {
      await ownBranch(auth, branchId);
      await findService(branchId, id);
      const row = await updateService(db, id, serviceColumns(v));
      return servicePriceView(row!);
    },

    /** Orders keep their own price snapshot, so removing a service never changes a placed order. */
    async deleteService(auth: TAuth, branchId: number, id: number) {
      await ownBranch(auth, branchId);
      await findService(branchId, id);
      await deleteService(db, id);
    },

    // ---- calendar offers (discounts and surcharges) ----
    async listDiscounts(auth: TAuth, branchId: number, range: TRange) {
      await ownBranch(auth, branchId);
      return (await listBranchDiscounts(db, branchId, range)).map(discountView);
    },

    async createDiscount(auth: TAuth, branchId: number, v: TOut<typeof ZDiscountInput>) {
      await ownBranch(auth, branchId);
      if (await otherDiscountOnDate(branchId, v.date))
        throw invalid({ date: [PRICING_MSG.duplicateDiscount] });
      const row = await insertDiscount(db, branchId, discountColumns(v));
      if (!row) throw invalid({ date: [PRICING_MSG.duplicateDiscount] });
      return discountView(row);
    },

    async updateDiscount(auth: TAuth, branchId: number, id: number, v: TOut<typeof ZDiscountInput>) {
      await ownBranch(auth, branchId);
      if (!(await findBranchDiscount(db, branchId, id))) throw notFound();
      if (await otherDiscountOnDate(branchId, v.date, id))
        throw invalid({ date: [PRICING_MSG.duplicateDiscount] });
      const row = await updateDiscount(db, id, discountColumns(v));
      return discountView(row!);
    },

    async deleteDiscount(auth: TAuth, branchId: number, id: number) {
      await ownBranch(auth, branchId);
      if (!(await deleteBranchDiscount(db, branchId, id))) throw notFound();
    },

    // ---- branch pricing (Service Fee tab, equipment) ----
    async getPricing(auth: TAuth, branchId: number) {
      return branchPricingView(await ownBranch(auth, branchId));
    },

    async updatePricing(auth: TAuth, branchId: number, v: TOut<typeof ZBranchPricingInput>) {
      const current = await ownBranch(auth, branchId);
      // The surge distance never sits below the service area, whichever of the two changed.
      const merged = raiseSurgeDistance({
        service_area: v.service_area ?? current.serviceArea,
        surge_distance: v.surge_distance ?? current.surgeDistance,
      });
      const row = await branches.updatePricing(branchId, {
        serviceArea: merged.service_area,
        surgeDistance: merged.surge_distance,
        ...(v.fee_first_bedroom !== undefined ? { feeFirstBedroom: toCents(v.fee_first_bedroom) } : {}),
        ...(v.fee_extra_bedroom !== undefined ? { feeExtraBedroom: toCents(v.fee_extra_bedroom) } : {}),
        ...(v.helpers_and_trucks_between_double_driving !== undefined
          ? { doubleDriving: v.helpers_and_trucks_between_double_driving }
          : {}),
        ...(v.surge_additional_hourly_rate !== undefined
          ? { surgeAdditionalHourlyRate: toCents(v.surge_additional_hourly_rate) }
          : {}),
        ...(v.surge_additional_min_hours !== undefined
          ? { surgeAdditionalMinHours: v.surge_additional_min_hours }
          : {}),
        ...(v.surge_additional_service_fee !== undefined
          ? { surgeAdditionalServiceFee: toCents(v.surge_additional_service_fee) }
          : {}),
        ...(v.travel_area !== undefined ? { travelArea: v.travel_area } : {}),
        ...(v.equipments !== undefined
          ? {
              equipments: v.equipments.map((e) => ({
                uuid: e.uuid ?? randomUUID(),
                name: e.name,
                value: toCents(e.value),
                is_active: e.is_active,
              })),
            }
          : {}),
      });
      return branchPricingView(row!);
    },

    // ---- reads for other modules ----
    branchServices: (branchId: number) => listBranchServices(db, branchId),
    offerOnDate: (branchId: number, date: string) => discountOnDate(db, branchId, date),
  };
}

/** Read for other modules: a branch's stored crews (service prices). */
export function branchServices(db: TDb, branchId: number): Promise<TServicePriceRow[]> {
  return listBranchServices(db, branchId);
}

/** Read for other modules: a branch's offer (discount or surcharge) on a date, if any. */
export function offerOnDate(db: TDb, branchId: number, date: string): Promise<TDiscountRow | undefined> {
  return discountOnDate(db, branchId, date);
}

export type TPricingService = ReturnType<typeof createPricingService>;
