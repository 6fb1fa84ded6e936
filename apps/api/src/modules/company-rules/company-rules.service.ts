import { randomUUID } from 'node:crypto';
import {
  PRICING_MSG,
  raiseSurgeDistance,
  type ZBlockedDayInput,
  type ZBranchPricingInput,
  type ZCompanySettingsInput,
  type ZDiscountInput,
  type ZQuoteRequest,
  type ZServicePriceInput,
  type ZWorkingDaysInput,
} from '@haulpro/shared/pricing';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { blockedDays, branches, companies, discounts, servicePrices, workingDays } from '../../db/schema.ts';
import { DEFAULT_WORKING_DAY, todayIn } from '../../domain/availability.ts';
import type { TAuth } from '../../http/auth.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { toCents } from '../../http/money.ts';
import { findCompanyBranch } from '../branches/branches.repository.ts';
import { staffCompanyId } from '../company-scope.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import {
  blockedDayView,
  branchPricingView,
  companySettingsView,
  discountView,
  servicePriceView,
} from './company-rules.views.ts';
import { createQuoteService } from './quote.service.ts';

type TOut<T extends z.ZodType> = z.output<T>;
type TRange = { from?: string | undefined; to?: string | undefined };

/** Optional from/to bounds (inclusive) on a date column. */
function inDateRange(column: PgColumn, range: TRange) {
  return and(range.from ? gte(column, range.from) : undefined, range.to ? lte(column, range.to) : undefined);
}

export function createCompanyRulesService(deps: TDeps, geo: ReturnType<typeof createGeoService>) {
  const { db, clock } = deps;
  const quotes = createQuoteService(deps, geo);

  /** A branch of the caller's company, or 404 (another company's branch looks like no branch). */
  async function ownBranch(auth: TAuth, branchId: number) {
    const branch = await findCompanyBranch(db, staffCompanyId(auth), branchId);
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
    const [row] = await db
      .select()
      .from(servicePrices)
      .where(and(eq(servicePrices.id, id), eq(servicePrices.branchId, branchId)));
    if (!row) throw notFound();
    return row;
  }

  async function discountOnDate(branchId: number, date: string, exceptId?: number) {
    const [row] = await db
      .select({ id: discounts.id })
      .from(discounts)
      .where(and(eq(discounts.branchId, branchId), eq(discounts.date, date)));
    return row && row.id !== exceptId ? row : undefined;
  }

  /** "No blocking on past dates other than today", today being the branch's calendar day. */
  function assertNotPast(timeZone: string, date: string) {
    if (date < todayIn(timeZone, clock.now())) throw invalid({ date: [PRICING_MSG.pastDate] });
  }

  return {
    // ---- the engines, fed from stored settings ----
    async previewQuote(auth: TAuth, branchId: number, v: TOut<typeof ZQuoteRequest>) {
      return quotes.quote(await ownBranch(auth, branchId), v);
    },
    async branchAvailability(auth: TAuth, branchId: number, date: string, window: TShowUpWindow) {
      return quotes.availability(await ownBranch(auth, branchId), date, window);
    },

    // ---- company settings ----
    async getCompany(auth: TAuth, id: number) {
      if (staffCompanyId(auth) !== id) throw notFound();
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      if (!row) throw notFound();
      return companySettingsView(row);
    },

    async updateCompany(auth: TAuth, id: number, v: TOut<typeof ZCompanySettingsInput>) {
      if (staffCompanyId(auth) !== id) throw notFound();
      const [row] = await db
        .update(companies)
        .set({
          ...(v.name !== undefined ? { name: v.name } : {}),
          ...(v.accept_in_period_of !== undefined ? { acceptInPeriodOf: v.accept_in_period_of } : {}),
          ...(v.accept_next_day_move !== undefined ? { acceptNextDayMove: v.accept_next_day_move } : {}),
          ...(v.payment_methods !== undefined
            ? {
                paymentMethods: v.payment_methods.map((m) => ({
                  uuid: m.uuid ?? randomUUID(),
                  name: m.name,
                  is_active: m.is_active,
                })),
              }
            : {}),
          ...(v.payment_methods_fee !== undefined
            ? { paymentMethodsFee: Math.round(v.payment_methods_fee * 100) }
            : {}),
          ...(v.payment_methods_icon !== undefined ? { paymentMethodsIcon: v.payment_methods_icon } : {}),
        })
        .where(eq(companies.id, id))
        .returning();
      return companySettingsView(row!);
    },

    // ---- service prices ----
    async listServices(auth: TAuth, branchId: number) {
      await ownBranch(auth, branchId);
      const rows = await db
        .select()
        .from(servicePrices)
        .where(eq(servicePrices.branchId, branchId))
        .orderBy(asc(servicePrices.employeesCount), asc(servicePrices.id));
      const views = rows.map(servicePriceView);
      return {
        helpers_only: views.filter((s) => s.service_type === 1),
        helpers_and_trucks: views.filter((s) => s.service_type === 2),
      };
    },

    async createService(auth: TAuth, branchId: number, v: TOut<typeof ZServicePriceInput>) {
      await ownBranch(auth, branchId);
      const [row] = await db
        .insert(servicePrices)
        .values({ branchId, ...serviceColumns(v) })
        .returning();
      return servicePriceView(row!);
    },

    async updateService(auth: TAuth, branchId: number, id: number, v: TOut<typeof ZServicePriceInput>) {
      await ownBranch(auth, branchId);
      await findService(branchId, id);
      const [row] = await db
        .update(servicePrices)
        .set(serviceColumns(v))
        .where(eq(servicePrices.id, id))
        .returning();
      return servicePriceView(row!);
    },

    /** Orders keep their own price snapshot, so removing a service never changes a placed order. */
    async deleteService(auth: TAuth, branchId: number, id: number) {
      await ownBranch(auth, branchId);
      await findService(branchId, id);
      await db.delete(servicePrices).where(eq(servicePrices.id, id));
    },

    // ---- calendar offers (discounts and surcharges) ----
    async listDiscounts(auth: TAuth, branchId: number, range: TRange) {
      await ownBranch(auth, branchId);
      const rows = await db
        .select()
        .from(discounts)
        .where(and(eq(discounts.branchId, branchId), inDateRange(discounts.date, range)))
        .orderBy(asc(discounts.date));
      return rows.map(discountView);
    },

    async createDiscount(auth: TAuth, branchId: number, v: TOut<typeof ZDiscountInput>) {
      await ownBranch(auth, branchId);
      if (await discountOnDate(branchId, v.date)) throw invalid({ date: [PRICING_MSG.duplicateDiscount] });
      const [row] = await db
        .insert(discounts)
        .values({ branchId, ...discountColumns(v) })
        .onConflictDoNothing()
        .returning();
      if (!row) throw invalid({ date: [PRICING_MSG.duplicateDiscount] });
      return discountView(row);
    },

    async updateDiscount(auth: TAuth, branchId: number, id: number, v: TOut<typeof ZDiscountInput>) {
      await ownBranch(auth, branchId);
      const [current] = await db
        .select({ id: discounts.id })
        .from(discounts)
        .where(and(eq(discounts.id, id), eq(discounts.branchId, branchId)));
      if (!current) throw notFound();
      if (await discountOnDate(branchId, v.date, id))
        throw invalid({ date: [PRICING_MSG.duplicateDiscount] });
      const [row] = await db
        .update(discounts)
        .set(discountColumns(v))
        .where(eq(discounts.id, id))
        .returning();
      return discountView(row!);
    },

    async deleteDiscount(auth: TAuth, branchId: number, id: number) {
      await ownBranch(auth, branchId);
      const deleted = await db
        .delete(discounts)
        .where(and(eq(discounts.id, id), eq(discounts.branchId, branchId)))
        .returning({ id: discounts.id });
      if (!deleted.length) throw notFound();
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
      const [row] = await db
        .update(branches)
        .set({
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
        })
        .where(eq(branches.id, branchId))
        .returning();
      return branchPricingView(row!);
    },

    // ---- operating hours ----
    async getWorkingDays(auth: TAuth, branchId: number) {
      await ownBranch(auth, branchId);
      const rows = await db.select().from(workingDays).where(eq(workingDays.branchId, branchId));
      // Days never saved show the default week (every day 7am-6pm), which availability also uses.
      return [0, 1, 2, 3, 4, 5, 6].map((day) => {
        const r = rows.find((x) => x.day === day);
        return r
          ? { day, is_active: r.isActive, from_hour: r.fromHour, to_hour: r.toHour }
          : {
              day,
              is_active: DEFAULT_WORKING_DAY.isActive,
              from_hour: DEFAULT_WORKING_DAY.fromHour,
              to_hour: DEFAULT_WORKING_DAY.toHour,
            };
      });
    },

    async saveWorkingDays(auth: TAuth, v: TOut<typeof ZWorkingDaysInput>) {
      await ownBranch(auth, v.branch_id);
      await db.transaction(async (tx) => {
        for (const d of v.days) {
          const values = {
            branchId: v.branch_id,
            day: d.day,
            isActive: d.is_active,
            fromHour: d.from_hour,
            toHour: d.to_hour,
          };
          await tx
            .insert(workingDays)
            .values(values)
            .onConflictDoUpdate({ target: [workingDays.branchId, workingDays.day], set: values });
        }
      });
      return this.getWorkingDays(auth, v.branch_id);
    },

    // ---- blocked time ----
    async listBlockedDays(auth: TAuth, branchId: number, range: TRange) {
      await ownBranch(auth, branchId);
      const rows = await db
        .select()
        .from(blockedDays)
        .where(and(eq(blockedDays.branchId, branchId), inDateRange(blockedDays.date, range)))
        .orderBy(asc(blockedDays.date));
      return rows.map(blockedDayView);
    },

    /** Blocking a date that already has a block merges the two (morning + afternoon = full day). */
    async createBlockedDay(auth: TAuth, v: TOut<typeof ZBlockedDayInput>) {
      const branch = await ownBranch(auth, v.branch_id);
      assertNotPast(branch.timeZone, v.date);
      const [row] = await db
        .insert(blockedDays)
        .values({
          branchId: branch.id,
          companyId: branch.companyId,
          date: v.date,
          isOnMorning: v.is_on_morning,
          isOnAfternoon: v.is_on_afternoon,
        })
        .onConflictDoUpdate({
          target: [blockedDays.branchId, blockedDays.date],
          set: { isOnMorning: v.is_on_morning, isOnAfternoon: v.is_on_afternoon },
        })
        .returning();
      return blockedDayView(row!);
    },

    async updateBlockedDay(auth: TAuth, id: number, v: TOut<typeof ZBlockedDayInput>) {
      const companyId = staffCompanyId(auth);
      const [current] = await db
        .select()
        .from(blockedDays)
        .where(and(eq(blockedDays.id, id), eq(blockedDays.companyId, companyId)));
      if (!current) throw notFound();
      const branch = await ownBranch(auth, v.branch_id);
      assertNotPast(branch.timeZone, current.date);
      assertNotPast(branch.timeZone, v.date);
      const [taken] = await db
        .select({ id: blockedDays.id })
        .from(blockedDays)
        .where(and(eq(blockedDays.branchId, branch.id), eq(blockedDays.date, v.date)));
      if (taken && taken.id !== id) throw invalid({ date: [PRICING_MSG.duplicateBlock] });
      const [row] = await db
        .update(blockedDays)
        .set({
          branchId: branch.id,
          date: v.date,
          isOnMorning: v.is_on_morning,
          isOnAfternoon: v.is_on_afternoon,
        })
        .where(eq(blockedDays.id, id))
        .returning();
      return blockedDayView(row!);
    },

    async deleteBlockedDay(auth: TAuth, id: number) {
      const companyId = staffCompanyId(auth);
      const deleted = await db
        .delete(blockedDays)
        .where(and(eq(blockedDays.id, id), eq(blockedDays.companyId, companyId)))
        .returning({ id: blockedDays.id });
      if (!deleted.length) throw notFound();
    },
  };
}
