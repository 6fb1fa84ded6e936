import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { DELIVERY_MOVE_DAY_MSG as M } from '@haulpro/shared/move-day';
import type { TAuth, TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { findDelivery, insertDeliveryHistory, type TDeliveryRow } from './deliveries.repository.ts';
import { isAcceptor, type TDeliveryFunnel } from './delivery-act.ts';
import { markArrived, markOnMyWay, setDropoffPhoto, setPickupPhoto } from './delivery-move-day.repository.ts';
import {
  type TMoveDayFronts,
  tellCustomerArrived,
  tellCustomerOnTheWay,
} from './delivery-move-day-notices.ts';
import { moveDayRefusal, type TMoveDayStep } from './delivery-move-day-rules.ts';
import { helperActor, type TDeliveryReads } from './delivery-reads.ts';

/** A photo as the multipart route read it, checked by its bytes (storage/image-upload.ts). */
export type TMoveDayPhoto = { bytes: Buffer; ext: string };

/** Private: read only through signed links (storage/signed-urls.ts). */
const PHOTO_FOLDER = 'jobs';

/**
 * A delivery's move day (issue 28, item 2), for its acceptor (the labor user who accepted it, or
 * the staff of the accepting company): On my way with an ETA, Arrived, the pickup photo and the
 * drop-off photo. Each step locks the row, checks the rules (delivery-move-day-rules.ts), writes
 * with one conditional update, a history row and the customer's notices, in one transaction;
 * anyone who does not hold the delivery gets a 404.
 */
export function createDeliveryMoveDay(
  deps: TDeps,
  funnel: Pick<TDeliveryFunnel, 'committed'>,
  reads: TDeliveryReads,
  fronts: TMoveDayFronts,
) {
  const { db, clock } = deps;

  /** One step in its own transaction: lock, rules, one conditional write, history, notices. */
  async function record(
    auth: TAuth,
    id: number,
    name: TMoveDayStep,
    write: (tx: TTx, row: TDeliveryRow, now: Date) => Promise<TDeliveryRow | undefined>,
  ) {
    const actor = helperActor(auth);
    const now = clock.now();
    const done = await db.transaction(async (tx) => {
      const row = await findDelivery(tx, id, true);
      if (!row || !isAcceptor(row, actor)) throw notFound();
      const refusal = moveDayRefusal(row, name, now);
      if (refusal) throw conflict(refusal);
      const won = await write(tx, row, now);
      // The row is locked, so this only happens if the rules and the update disagree.
      if (!won) throw conflict(M.notOpen);
      await insertDeliveryHistory(tx, {
        deliveryId: id,
        actorUserId: auth.user.id,
        actorParty: 'acceptor',
        action: name,
        fromStatus: row.status,
        toStatus: won.status,
        reason: null,
        createdAt: now,
      });
      return { before: row, after: won };
    });
    funnel.committed();
    return { ...done, actor };
  }

  const viewOf = (r: Awaited<ReturnType<typeof record>>): Promise<TDeliveryView> =>
    reads.oneView(r.after, 'acceptor', r.actor);

  async function photo(auth: TAuth, id: number, which: 'pickup_photo' | 'dropoff_photo', p: TMoveDayPhoto) {
    // Refused early without storing anything when the step is plainly not open.
    const current = await findDelivery(db, id);
    if (!current || !isAcceptor(current, helperActor(auth))) throw notFound();
    const early = moveDayRefusal(current, which, clock.now());
    if (early) throw conflict(early);
    const path = await deps.storage.save(PHOTO_FOLDER, p.bytes, p.ext);
    const set = which === 'pickup_photo' ? setPickupPhoto : setDropoffPhoto;
    let r: Awaited<ReturnType<typeof record>>;
    try {
      r = await record(auth, id, which, (tx, _row, now) => set(tx, id, path, now));
    } catch (err) {
      // Not recorded: nothing is left in storage.
      await deps.storage.remove(path).catch(() => undefined);
      throw err;
    }
    // A second upload replaces the first: the old file goes once the new one is recorded.
    const old = which === 'pickup_photo' ? r.before.pickupPhoto : r.before.dropoffPhoto;
    if (old && old !== path) await deps.storage.remove(old).catch(() => undefined);
    return viewOf(r);
  }

  return {
    /** On my way, with the ETA the helper picked: once per delivery; the customer hears of it. */
    async onMyWay(auth: TAuth, id: number, etaMinutes: number): Promise<TDeliveryView> {
      const r = await record(auth, id, 'on_my_way', async (tx, row, now) => {
        const etaAt = new Date(now.getTime() + etaMinutes * 60_000);
        const won = await markOnMyWay(tx, id, now, etaAt);
        if (won) await tellCustomerOnTheWay(tx, deps, fronts, row, etaAt);
        return won;
      });
      return viewOf(r);
    },

    /** Arrived: after On my way, once. */
    async arrived(auth: TAuth, id: number): Promise<TDeliveryView> {
      const r = await record(auth, id, 'arrived', async (tx, row, now) => {
        const won = await markArrived(tx, id, now);
        if (won) await tellCustomerArrived(tx, fronts, row);
        return won;
      });
      return viewOf(r);
    },

    /** The pickup photo (after Arrived) or the drop-off photo (after the pickup photo); a new one replaces the old. */
    uploadMoveDayPhoto: photo,
  };
}
