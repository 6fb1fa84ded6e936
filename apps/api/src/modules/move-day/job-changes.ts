import { JOB_MSG, MAX_JOB_PHOTOS, type TChangeInput, type TPhotoPhase } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TAuth } from '../../context.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import { bookedQuoteOf, changePrice } from '../../domain/final-bill.ts';
import { toCents } from '../../domain/money.ts';
import type { TUpload } from '../../storage/image-upload.ts';
import type { TMoveDayCtx } from './job-steps.ts';
import { canAddChange, clockOf } from './job-view.ts';
import {
  changesOf,
  crewOf,
  decideChange,
  eventsOf,
  insertChange,
  insertPhoto,
  lockJob,
  photoCount,
  photosOf,
  setCrewTime,
} from './move-day.repository.ts';

/** The branch's active equipment, for pricing an equipment change (the branches module's list). */
export type TEquipmentOf = (
  companyId: number,
  branchId: number,
) => Promise<{ uuid: string; value: number; isActive: boolean }[]>;

/**
 * Changes on site (issue 28): the crew adds what the booking did not say, priced by the rules of
 * decision 030 (crew time at the booked hourly rate, the branch's equipment value, or a fixed
 * amount); each waits for the customer's Approve or Decline, on the crew's phone or from the
 * dashboard, once. Only approved changes reach the bill. Photos: before, after and a change's,
 * at most 20 per job, checked by content. Crew times: a member's own start or finish.
 */
export function createJobChanges(c: TMoveDayCtx, equipmentOf: TEquipmentOf) {
  const { db, clock, storage } = c.deps;

  async function add(auth: TAuth, id: number, v: TChangeInput): Promise<void> {
    const o = await c.orders.visible(auth, id, 'company');
    const now = clock.now();
    const q = bookedQuoteOf(o.quote, o.orderPrice);
    let equipmentValue: number | undefined;
    if (v.kind === 'equipment') {
      if (!v.equipment_uuid) throw invalid({ equipment_uuid: [JOB_MSG.equipmentRequired] });
      const item = (await equipmentOf(o.companyId, o.branchId)).find(
        (e) => e.uuid === v.equipment_uuid && e.isActive,
      );
      if (!item) throw invalid({ equipment_uuid: [JOB_MSG.equipmentUnknown] });
      equipmentValue = item.value;
    }
    if (v.kind === 'fixed' && v.amount === undefined) throw invalid({ amount: [JOB_MSG.amountRequired] });
    const quantity = v.kind === 'fixed' ? 1 : (v.quantity ?? 1);
    const amount = changePrice(v.kind, quantity, {
      hourly: q.hourly,
      equipmentValue,
      amount: v.amount === undefined ? undefined : toCents(v.amount),
    });
    await db.transaction(async (tx) => {
      const job = await lockJob(tx, id);
      const [events, changes, photos, crew] = await Promise.all([
        eventsOf(tx, id),
        changesOf(tx, id),
        photosOf(tx, id),
        crewOf(tx, id),
      ]);
      const fresh = (await c.orders.findInTx(tx, id))!;
      const parts = { order: fresh, job, events, changes, photos, crew, overtimeRate: 0 };
      if (!canAddChange(parts, clockOf(events, now), now)) throw conflict(JOB_MSG.changeClosed);
      if (v.photo_id !== undefined && !photos.some((p) => p.id === v.photo_id))
        throw invalid({ photo_id: [JOB_MSG.photo] });
      await insertChange(tx, {
        orderId: id,
        kind: v.kind,
        description: v.description,
        quantity,
        amount,
        equipmentUuid: v.kind === 'equipment' ? (v.equipment_uuid ?? null) : null,
        photoId: v.photo_id ?? null,
        createdBy: auth.user.id,
        createdAt: now,
      });
    });
    c.deps.cache.invalidateTables(['job_changes', 'orders']);
  }

  /** The customer's answer: `site` on the crew's phone (staff signed in), `dashboard` from their own. */
  async function decide(
    auth: TAuth,
    id: number,
    changeId: number,
    approve: boolean,
    on: 'site' | 'dashboard',
  ): Promise<void> {
    await c.orders.visible(auth, id, on === 'site' ? 'company' : 'customer');
    const now = clock.now();
    await db.transaction(async (tx) => {
      const job = await lockJob(tx, id);
      const changes = await changesOf(tx, id);
      const change = changes.find((x) => x.id === changeId);
      if (!change) throw notFound();
      const o = (await c.orders.findInTx(tx, id))!;
      const open = o.status === ORDER_STATUS.accepted || o.status === ORDER_STATUS.beingCompleted;
      if (job.confirmedAt || !open) throw conflict(JOB_MSG.changeClosed);
      const won = await decideChange(tx, id, changeId, {
        status: approve ? 'approved' : 'declined',
        decidedOn: on,
        decidedAt: now,
      });
      if (!won) throw conflict(JOB_MSG.changeDecided);
    });
    c.deps.cache.invalidateTables(['job_changes', 'orders']);
  }

  async function addPhoto(
    auth: TAuth,
    id: number,
    phase: TPhotoPhase | 'change',
    file: TUpload,
  ): Promise<void> {
    const o = await c.orders.visible(auth, id, 'company');
    const open = o.status === ORDER_STATUS.accepted || o.status === ORDER_STATUS.beingCompleted;
    if (!open) throw conflict(JOB_MSG.changeClosed);
    if ((await photoCount(db, id)) >= MAX_JOB_PHOTOS) throw invalid({ photo: [JOB_MSG.photoLimit] });
    const path = await storage.save('jobs', file.bytes, file.ext);
    let kept = false;
    try {
      await db.transaction(async (tx) => {
        await lockJob(tx, id);
        // Counted again under the job's lock: twenty phones uploading at once still stop at 20.
        if ((await photoCount(tx, id)) >= MAX_JOB_PHOTOS) throw invalid({ photo: [JOB_MSG.photoLimit] });
        await insertPhoto(tx, { orderId: id, phase, path, createdBy: auth.user.id, createdAt: clock.now() });
      });
      kept = true;
    } finally {
      if (!kept) await storage.remove(path);
    }
  }

  /** A member's own start or finish on this job (late joiners, early leavers), for the timesheets. */
  async function setMemberTime(
    auth: TAuth,
    id: number,
    v: { crew_id: number; started_at?: string | null; finished_at?: string | null },
  ): Promise<void> {
    await c.orders.visible(auth, id, 'company');
    await db.transaction(async (tx) => {
      await lockJob(tx, id);
      const crew = await crewOf(tx, id);
      if (!crew.some((m) => m.crewId === v.crew_id)) throw invalid({ crew_id: [JOB_MSG.crewMember] });
      const toDate = (s: string | null | undefined) =>
        s === undefined ? undefined : s === null ? null : new Date(s);
      const startedAt = toDate(v.started_at);
      const finishedAt = toDate(v.finished_at);
      const current = crew.find((m) => m.crewId === v.crew_id)!;
      const s = startedAt === undefined ? current.startedAt : startedAt;
      const f = finishedAt === undefined ? current.finishedAt : finishedAt;
      if (s && f && f.getTime() < s.getTime()) throw invalid({ finished_at: [JOB_MSG.crewTimes] });
      await setCrewTime(tx, { orderId: id, crewId: v.crew_id, startedAt, finishedAt });
    });
  }

  return { add, decide, addPhoto, setMemberTime };
}
