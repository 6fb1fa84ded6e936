import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CANCELLATION_POLICY,
  sortTiers,
  type TCancellationPolicy,
  type TCancellationPolicyInput,
} from '@haulpro/shared/cancellation';
import type { TCancellationTier } from '@haulpro/shared/payouts';
import {
  PRICING_MSG,
  type ZBlockedDayInput,
  type ZCompanySettingsInput,
  type ZWorkingDaysInput,
} from '@haulpro/shared/pricing';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import type { z } from 'zod';
import { staffCompanyId } from '../../access/company-scope.ts';
import type { TAuth, TDeps } from '../../context.ts';
import type { TRange } from '../../db/date-range.ts';
import { availability, DEFAULT_WORKING_DAY, todayIn } from '../../domain/availability.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { TRegistrationService } from '../auth/registration.service.ts';
import type { TBranchesService, TBranchRow } from '../branches/branches.service.ts';
import {
  blockedDaysOn,
  deleteCompanyBlockedDay,
  findCompany,
  findCompanyBlockedDay,
  listBlockedDays,
  listCompanyBlockedDays,
  listWorkingDays,
  updateBlockedDay,
  upsertBlockedDay,
  upsertWorkingDays,
} from './options.repository.ts';
import { blockedDayView, companySettingsView } from './options.views.ts';

type TOut<T extends z.ZodType> = z.output<T>;

/** The companies table is the auth module's (registration creates a company): settings are saved there. */
type TCompanyWrites = Pick<TRegistrationService, 'updateCompany'>;

export function createOptionsService(
  { db, clock }: TDeps,
  companies: TCompanyWrites,
  branches: Pick<TBranchesService, 'companyBranch'>,
) {
  /** A branch of the caller's company, or 404 (another company's branch looks like no branch). */
  async function ownBranch(auth: TAuth, branchId: number) {
    const branch = await branches.companyBranch(staffCompanyId(auth), branchId);
    if (!branch) throw notFound();
    return branch;
  }

  /** "No blocking on past dates other than today", today being the branch's calendar day. */
  function assertNotPast(timeZone: string, date: string) {
    if (date < todayIn(timeZone, clock.now())) throw invalid({ date: [PRICING_MSG.pastDate] });
  }

  /** The availability engine fed from the branch's stored hours, blocks and company window. */
  async function branchAvailability(branch: TBranchRow, date: string, window: TShowUpWindow) {
    const [company, days, blocked] = await Promise.all([
      findCompany(db, branch.companyId),
      listWorkingDays(db, branch.id),
      blockedDaysOn(db, branch.id, date),
    ]);
    return availability({
      timeZone: branch.timeZone,
      workingDays: days.map((d) => ({
        day: d.day,
        isActive: d.isActive,
        fromHour: d.fromHour,
        toHour: d.toHour,
      })),
      blockedDays: blocked.map((b) => ({
        date: b.date,
        isOnMorning: b.isOnMorning,
        isOnAfternoon: b.isOnAfternoon,
      })),
      acceptInPeriodOf: company?.acceptInPeriodOf ?? 0,
      acceptNextDayMove: company?.acceptNextDayMove ?? true,
      date,
      window,
      now: clock.now(),
    });
  }

  async function getWorkingDays(auth: TAuth, branchId: number) {
    await ownBranch(auth, branchId);
    const rows = await listWorkingDays(db, branchId);
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
  }

  return {
    // ---- reads for other modules ----
    /** A branch's saved working days (days never saved are absent). */
    workingDays: (branchId: number) => listWorkingDays(db, branchId),
    /** A company's stored settings (pricing takes the processing fee from here). */
    companySettings: (companyId: number) => findCompany(db, companyId),
    /** Blocked days of a company or one branch, as the API answers them (the calendar). */
    blockedDays: async (
      companyId: number,
      branchId: number | undefined,
      range: { from: string; to: string },
    ) => (await listCompanyBlockedDays(db, companyId, branchId, range)).map(blockedDayView),

    async branchAvailability(auth: TAuth, branchId: number, date: string, window: TShowUpWindow) {
      return branchAvailability(await ownBranch(auth, branchId), date, window);
    },

    // ---- company settings ----
    async getCompany(auth: TAuth, id: number) {
      if (staffCompanyId(auth) !== id) throw notFound();
      const row = await findCompany(db, id);
      if (!row) throw notFound();
      return companySettingsView(row);
    },

    async updateCompany(auth: TAuth, id: number, v: TOut<typeof ZCompanySettingsInput>) {
      if (staffCompanyId(auth) !== id) throw notFound();
      const set = {
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
      };
      // Nothing sent: nothing to change (an UPDATE needs at least one column).
      const row =
        Object.keys(set).length > 0 ? await companies.updateCompany(id, set) : await findCompany(db, id);
      if (!row) throw notFound();
      return companySettingsView(row);
    },

    // ---- cancellation policy (decision 029) ----
    /** A company's tiers, or the default (also for the public page and the cancel's terms). */
    async cancellationTiers(companyId: number): Promise<TCancellationTier[]> {
      const row = await findCompany(db, companyId);
      return sortTiers(row?.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY);
    },

    async getCancellationPolicy(auth: TAuth): Promise<TCancellationPolicy> {
      const row = await findCompany(db, staffCompanyId(auth));
      if (!row) throw notFound();
      const stored = row.cancellationPolicy;
      return { tiers: sortTiers(stored ?? DEFAULT_CANCELLATION_POLICY), is_default: stored === null };
    },

    /** Tiers equal to the default are saved as "the default" (null), so a later default follows. */
    async saveCancellationPolicy(auth: TAuth, v: TCancellationPolicyInput): Promise<TCancellationPolicy> {
      const id = staffCompanyId(auth);
      const tiers = sortTiers(v.tiers);
      const isDefault = JSON.stringify(tiers) === JSON.stringify(sortTiers(DEFAULT_CANCELLATION_POLICY));
      const row = await companies.updateCompany(id, { cancellationPolicy: isDefault ? null : tiers });
      if (!row) throw notFound();
      return { tiers, is_default: isDefault };
    },

    // ---- operating hours ----
    getWorkingDays,

    async saveWorkingDays(auth: TAuth, v: TOut<typeof ZWorkingDaysInput>) {
      await ownBranch(auth, v.branch_id);
      await upsertWorkingDays(
        db,
        v.days.map((d) => ({
          branchId: v.branch_id,
          day: d.day,
          isActive: d.is_active,
          fromHour: d.from_hour,
          toHour: d.to_hour,
        })),
      );
      return getWorkingDays(auth, v.branch_id);
    },

    // ---- blocked time ----
    async listBlockedDays(auth: TAuth, branchId: number, range: TRange) {
      await ownBranch(auth, branchId);
      const rows = await listBlockedDays(db, branchId, range);
      return rows.map(blockedDayView);
    },

    /** Blocking a date that already has a block merges the two (morning + afternoon = full day). */
    async createBlockedDay(auth: TAuth, v: TOut<typeof ZBlockedDayInput>) {
      const branch = await ownBranch(auth, v.branch_id);
      assertNotPast(branch.timeZone, v.date);
      const row = await upsertBlockedDay(db, {
        branchId: branch.id,
        companyId: branch.companyId,
        date: v.date,
        isOnMorning: v.is_on_morning,
        isOnAfternoon: v.is_on_afternoon,
      });
      return blockedDayView(row!);
    },

    async updateBlockedDay(auth: TAuth, id: number, v: TOut<typeof ZBlockedDayInput>) {
      const companyId = staffCompanyId(auth);
      const current = await findCompanyBlockedDay(db, companyId, id);
      if (!current) throw notFound();
      const branch = await ownBranch(auth, v.branch_id);
      assertNotPast(branch.timeZone, current.date);
      assertNotPast(branch.timeZone, v.date);
      const [taken] = await blockedDaysOn(db, branch.id, v.date);
      if (taken && taken.id !== id) throw invalid({ date: [PRICING_MSG.duplicateBlock] });
      const row = await updateBlockedDay(db, id, {
        branchId: branch.id,
        date: v.date,
        isOnMorning: v.is_on_morning,
        isOnAfternoon: v.is_on_afternoon,
      });
      return blockedDayView(row!);
    },

    async deleteBlockedDay(auth: TAuth, id: number) {
      if (!(await deleteCompanyBlockedDay(db, staffCompanyId(auth), id))) throw notFound();
    },
  };
}

export type TOptionsService = ReturnType<typeof createOptionsService>;
