import type { TChangeInput, TJobEventInput, TPhotoPhase } from '@haulpro/shared/move-day';
import { JOB_MSG } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import type { TAuth, TDeps } from '../../context.ts';
import { AppError, conflict } from '../../domain/errors.ts';
import { toCents } from '../../domain/money.ts';
import type { TViewer } from '../../domain/order-machine.ts';
import type { TUpload } from '../../storage/image-upload.ts';
import type { TNotificationsService } from '../notifications/notifications.service.ts';
import type { TOrderJobFront } from '../orders/order-job-front.ts';
import type { TOrderRow } from '../orders/order-view.ts';
import type { TUsersService } from '../users/users.service.ts';
import { createJobChanges, type TEquipmentOf } from './job-changes.ts';
import { createJobConfirm } from './job-confirm.ts';
import { jobLinesOf } from './job-lines.ts';
import { recordJobStep, type TMoveDayCtx } from './job-steps.ts';
import { CONFIRM_WINDOW_HOURS, jobView, type TJobParts } from './job-view.ts';
import {
  changesOf,
  crewOf,
  eventsOf,
  findJob,
  jobsToConfirm,
  lockJob,
  overtimeRateOf,
  photosOf,
  updateJob,
} from './move-day.repository.ts';
import { createToday, type TDeliveriesToday } from './today.ts';

/**
 * Move day (issue 28, decision 030): the crew's steps and the job clock, changes on site, photos,
 * the final bill signed on glass or confirmed later, and Today. The module owns the job's tables;
 * the order's state changes go through the orders module's front (its one writer).
 */
export function createMoveDayService(
  deps: Pick<TDeps, 'db' | 'clock' | 'mailer' | 'config' | 'storage' | 'log' | 'cache'>,
  fronts: {
    orders: TOrderJobFront;
    notifications: Pick<TNotificationsService, 'notify'>;
    users: Pick<TUsersService, 'listCompanyStaff'>;
    equipmentOf: TEquipmentOf;
    deliveriesToday: TDeliveriesToday | null;
  },
) {
  const { db, clock } = deps;
  const c: TMoveDayCtx = { deps, orders: fronts.orders, notifications: fronts.notifications };

  async function load(orderId: number): Promise<TJobParts> {
    const order = (await fronts.orders.find(orderId))!;
    const [job, events, changes, photos, crew, overtimeRate] = await Promise.all([
      findJob(db, orderId),
      eventsOf(db, orderId),
      changesOf(db, orderId),
      photosOf(db, orderId),
      crewOf(db, orderId),
      overtimeRateOf(db, order.servicePriceId),
    ]);
    return { order, job, events, changes, photos, crew, overtimeRate };
  }

  const view = async (orderId: number, viewer: TViewer) => jobView(await load(orderId), viewer, clock.now());
  const changes = createJobChanges(c, fronts.equipmentOf);
  const confirm = createJobConfirm(c, fronts.users, load);
  const today = createToday(db, fronts.deliveriesToday);

  return {
    today: (auth: TAuth, branchId?: number) => today(auth, branchId, clock.now()),

    /** For the orders module: the job lines of a page of the customer's orders (one statement at most). */
    jobLines: (rows: readonly TOrderRow[], now: Date) => jobLinesOf(db, rows, now),

    /** For the orders module: no step yet, the clock running, or finished. */
    async jobState(orderId: number): Promise<'none' | 'running' | 'finished'> {
      const job = await findJob(db, orderId);
      if (!job?.lastAt) return 'none';
      return job.finishedAt ? 'finished' : 'running';
    },

    async job(auth: TAuth, id: number, viewer: TViewer) {
      await fronts.orders.visible(auth, id, viewer);
      return view(id, viewer);
    },

    async step(auth: TAuth, id: number, v: TJobEventInput) {
      await recordJobStep(c, auth, id, v);
      return view(id, 'company');
    },

    async addChange(auth: TAuth, id: number, v: TChangeInput) {
      await changes.add(auth, id, v);
      return view(id, 'company');
    },

    async decideChange(auth: TAuth, id: number, changeId: number, approve: boolean, viewer: TViewer) {
      await changes.decide(auth, id, changeId, approve, viewer === 'company' ? 'site' : 'dashboard');
      return view(id, viewer);
    },

    async addPhoto(auth: TAuth, id: number, phase: TPhotoPhase | 'change', file: TUpload) {
      await changes.addPhoto(auth, id, phase, file);
      return view(id, 'company');
    },

    async setCrewTime(auth: TAuth, id: number, v: Parameters<typeof changes.setMemberTime>[2]) {
      await changes.setMemberTime(auth, id, v);
      return view(id, 'company');
    },

    /** The customer signs the final bill on the crew's phone: the order Completed for both sides. */
    async sign(auth: TAuth, id: number, v: { signaturePng: Buffer; tip?: number; collectCash?: boolean }) {
      await fronts.orders.visible(auth, id, 'company');
      const r = await confirm({
        orderId: id,
        via: 'signature',
        actorUserId: auth.user.id,
        signaturePng: v.signaturePng,
        tipCents: toCents(v.tip ?? 0),
        collectCash: v.collectCash ?? false,
      });
      return { view: await view(id, 'company'), ...r };
    },

    /** The customer confirms the finished bill from their dashboard (within 48 hours). */
    async confirm(auth: TAuth, id: number, tip?: number) {
      await fronts.orders.visible(auth, id, 'customer');
      const r = await confirm({
        orderId: id,
        via: 'customer',
        actorUserId: auth.user.id,
        signaturePng: null,
        tipCents: toCents(tip ?? 0),
        collectCash: false,
      });
      return { view: await view(id, 'customer'), ...r };
    },

    /** The customer disputes the finished bill: it is not confirmed automatically; the company hears of it. */
    async dispute(auth: TAuth, id: number, reason: string) {
      const o = await fronts.orders.visible(auth, id, 'customer');
      const now = clock.now();
      await db.transaction(async (tx) => {
        const job = await lockJob(tx, id);
        const fresh = (await fronts.orders.findInTx(tx, id))!;
        if (fresh.status !== ORDER_STATUS.beingCompleted || !job.finishedAt)
          throw conflict(JOB_MSG.notFinished);
        if (job.confirmedAt) throw conflict(JOB_MSG.alreadySigned);
        if (job.disputedAt) throw conflict('This bill is already disputed.');
        await updateJob(tx, id, { disputedAt: now, disputeReason: reason });
        const staff = await fronts.users.listCompanyStaff(tx, o.companyId);
        await fronts.notifications.notify(
          tx,
          staff.map((s) => s.id),
          { title: `The customer disputes the bill of move #${id}`, link: `/orders?order_id=${id}` },
        );
      });
      deps.cache.invalidateTables(['order_jobs', 'orders', 'notifications']);
      return view(id, 'customer');
    },

    /**
     * The job runner: finished bills neither confirmed nor disputed for 48 hours are confirmed for
     * the customer. Each confirmation wins its job's row once, so several replicas running this
     * at once confirm each bill exactly once. Answers how many it confirmed.
     */
    async confirmOverdue(batch: number): Promise<number> {
      const due = await jobsToConfirm(
        db,
        new Date(clock.now().getTime() - CONFIRM_WINDOW_HOURS * 3_600_000),
        batch,
      );
      let done = 0;
      for (const orderId of due) {
        try {
          await confirm({
            orderId,
            via: 'automatic',
            actorUserId: null,
            signaturePng: null,
            tipCents: 0,
            collectCash: false,
          });
          done++;
        } catch (err) {
          // Another replica won it (a 409), or Stripe is down: the next run tries again.
          if (!(err instanceof AppError)) throw err;
          deps.log.warn({ err, orderId }, 'automatic bill confirmation skipped');
        }
      }
      return done;
    },
  };
}

export type TMoveDayService = ReturnType<typeof createMoveDayService>;
