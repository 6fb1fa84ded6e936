import {
  CREW_MSG,
  employeeTypeWord,
  memberBusyMessage,
  memberNotAssignableMessage,
  type TCrewDetail,
  type TCrewPatch,
  type TCrewValues,
  type ZAssignCrewInput,
  ZCrewInput,
} from '@haulpro/shared/crew';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import type { z } from 'zod';
import type { TAuth, TDeps } from '../../context.ts';
import { todayIn } from '../../domain/availability.ts';
import { canAssignCrew, jobSpan } from '../../domain/capacity.ts';
import { conflict, invalid, issuesToFieldErrors, notFound, type TFieldErrors } from '../../domain/errors.ts';
import { pageMeta } from '../../domain/paging.ts';
import { readUpload } from '../../storage/image-upload.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import { staffCompanyId } from '../company-scope.ts';
import type { TGeoService } from '../geo/geo.service.ts';
import type { TOrdersService } from '../orders/orders.service.ts';
import { crewJobView, crewView } from './crew-view.ts';
import {
  assignmentsOn,
  companyCrewsByIds,
  findBranchCrew,
  insertCrew,
  listBranchCrews,
  lockBranch,
  replaceOrderCrew,
  softDeleteCrew,
  type TCrewInsert,
  type TCrewRow,
  upcomingJobsOf,
  updateCrew,
} from './crews.repository.ts';

/** The picture folder of crew members in the storage adapter. */
const PICTURES = 'crews';

/** Teams (spec: Team, Crew member) and the crew staff assign to an accepted order (decision 019). */
/** The modules a crew assignment touches: their services, handed in by modules/services.ts. */
type TCrewsFronts = {
  branches: Pick<TBranchesService, 'companyBranch'>;
  geo: Pick<TGeoService, 'places'>;
  orders: Pick<TOrdersService, 'findOrder' | 'contexts' | 'view'>;
};

export function createCrewsService({ db, storage, clock }: TDeps, { branches, geo, orders }: TCrewsFronts) {
  /** The caller's company's branch, or a 404 (another company's branch looks like none). */
  async function ownBranch(auth: TAuth, branchId: number) {
    const companyId = staffCompanyId(auth);
    const branch = await branches.companyBranch(companyId, branchId);
    if (!branch) throw notFound();
    return { companyId, branch };
  }

  async function ownCrew(auth: TAuth, branchId: number, crewId: number) {
    const { companyId, branch } = await ownBranch(auth, branchId);
    const crew = await findBranchCrew(db, branchId, crewId);
    if (!crew) throw notFound();
    return { companyId, branch, crew };
  }

  /** The state and city must exist and the city lie in the state (the schema cannot know). */
  async function checkPlaces(v: { state_id?: number | null; city_id?: number | null }) {
    if (!v.state_id && !v.city_id) return;
    const [, state, city] = await geo.places({
      zip: '',
      stateId: v.state_id ?? 0,
      cityId: v.city_id ?? 0,
      countyIds: [],
    });
    const errors: TFieldErrors = {};
    if (v.state_id && !state) errors.state_id = [CREW_MSG.stateInvalid];
    if (v.city_id && (!city || !v.state_id || city.stateId !== v.state_id))
      errors.city_id = [CREW_MSG.cityInvalid];
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /** A data URL checked by its bytes and stored; null removes; undefined keeps. */
  async function picture(value: string | null | undefined): Promise<string | null | undefined> {
    if (value === undefined || value === null) return value;
    const file = await readUpload(value);
    if (!file.ok) throw invalid({ profile_picture: [file.message] });
    return storage.save(PICTURES, file.bytes, file.ext);
  }

  function columns(v: TCrewValues): Omit<TCrewInsert, 'companyId' | 'branchId' | 'profilePicture'> {
    return {
      firstName: v.first_name,
      lastName: v.last_name,
      email: v.email,
      phoneNumber: v.phone_number,
      zipCode: v.zip_code,
      stateId: v.state_id ?? null,
      cityId: v.city_id ?? null,
      isActive: v.is_active,
      isDriver: v.is_driver,
      employeeType: employeeTypeWord(v.employee_type),
    };
  }

  async function detail(crew: TCrewRow, timeZone: string): Promise<TCrewDetail> {
    const jobs = await upcomingJobsOf(db, crew.id, todayIn(timeZone, clock.now()));
    return { ...crewView(crew), upcoming_jobs: jobs.map(crewJobView) };
  }

  return {
    async list(auth: TAuth, branchId: number, page: number, perPage: number) {
      await ownBranch(auth, branchId);
      const { rows, total } = await listBranchCrews(db, branchId, page, perPage);
      return { data: rows.map(crewView), meta: pageMeta(page, perPage, total) };
    },

    async get(auth: TAuth, branchId: number, crewId: number) {
      const { branch, crew } = await ownCrew(auth, branchId, crewId);
      return detail(crew, branch.timeZone);
    },

    async create(auth: TAuth, branchId: number, v: TCrewValues) {
      const { companyId, branch } = await ownBranch(auth, branchId);
      await checkPlaces(v);
      const profilePicture = (await picture(v.profile_picture)) ?? null;
      try {
        const row = await insertCrew(db, { ...columns(v), companyId, branchId, profilePicture });
        return detail(row, branch.timeZone);
      } catch (err) {
        if (profilePicture) await storage.remove(profilePicture);
        throw err;
      }
    },

    async update(auth: TAuth, branchId: number, crewId: number, patch: TCrewPatch) {
      const { branch, crew } = await ownCrew(auth, branchId, crewId);
      // PATCH: fields not sent keep their values; the merged member is checked as a whole.
      const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      const merged = ZCrewInput.safeParse({
        first_name: crew.firstName,
        last_name: crew.lastName,
        email: crew.email,
        phone_number: crew.phoneNumber,
        zip_code: crew.zipCode,
        state_id: crew.stateId,
        city_id: crew.cityId,
        is_active: crew.isActive,
        is_driver: crew.isDriver,
        employee_type: crew.employeeType,
        ...given,
        profile_picture: undefined,
      });
      if (!merged.success) throw invalid(issuesToFieldErrors(merged.error.issues));
      await checkPlaces(merged.data);
      const newPicture = await picture(patch.profile_picture);
      const row = await updateCrew(db, crew.id, {
        ...columns(merged.data),
        ...(newPicture !== undefined ? { profilePicture: newPicture } : {}),
      });
      if (!row) {
        if (newPicture) await storage.remove(newPicture);
        throw notFound();
      }
      if (newPicture !== undefined && crew.profilePicture && crew.profilePicture !== newPicture)
        await storage.remove(crew.profilePicture);
      return detail(row, branch.timeZone);
    },

    async remove(auth: TAuth, branchId: number, crewId: number) {
      const { crew } = await ownCrew(auth, branchId, crewId);
      if (!(await softDeleteCrew(db, crew.id, clock.now()))) throw notFound();
    },

    /**
     * PUT orders/{id}/crew: the order's whole crew. Only active members of the order's branch,
     * and none already out on another job at an overlapping time; assignments of a branch are
     * made one at a time (its row lock), so two orders never take the same member at once.
     */
    async assign(auth: TAuth, orderId: number, input: z.output<typeof ZAssignCrewInput>) {
      const companyId = staffCompanyId(auth);
      const order = await orders.findOrder(orderId);
      if (!order || order.companyId !== companyId) throw notFound();
      if (!canAssignCrew(order)) throw conflict(CREW_MSG.notAssignable);
      const ids = input.crew_ids;
      const found = new Map((await companyCrewsByIds(db, companyId, ids)).map((c) => [c.id, c]));
      const nameOf = (id: number) => {
        const c = found.get(id);
        return c ? `${c.firstName} ${c.lastName}` : `Member #${id}`;
      };
      const refused = ids.filter((id) => {
        const c = found.get(id);
        return !c || c.branchId !== order.branchId || !c.isActive;
      });
      if (refused.length)
        throw invalid({ crew_ids: refused.map((id) => memberNotAssignableMessage(nameOf(id))) });
      const span = jobSpan({ window: order.arrivalTime as TShowUpWindow, hours: order.hoursCount });
      await db.transaction(async (tx) => {
        await lockBranch(tx, order.branchId);
        const others = await assignmentsOn(tx, ids, order.arrivalDate, order.id);
        const busy = others.find((j) => {
          const s = jobSpan({ window: j.arrivalTime as TShowUpWindow, hours: j.hoursCount });
          return s.start < span.end && span.start < s.end;
        });
        if (busy) throw conflict(memberBusyMessage(nameOf(busy.crewId), busy.orderId));
        await replaceOrderCrew(tx, order.id, ids, clock.now());
      });
      const fresh = (await orders.findOrder(order.id))!;
      const ctx = (await orders.contexts([fresh])).get(fresh.id)!;
      return orders.view(fresh, ctx, 'company', clock.now());
    },
  };
}

/** Reads for other modules (the booking's capacity check, decision 019): the crews tables stay behind this module. */
export { loadHoldingJobs, loadTeams, lockBranch, type THoldingJob } from './crews.repository.ts';

export type TCrewsService = ReturnType<typeof createCrewsService>;
