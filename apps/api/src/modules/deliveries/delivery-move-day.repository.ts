import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { deliveries, users } from '../../db/schema.ts';
import type { TDeliveryActor, TDeliveryRow } from './deliveries.repository.ts';

type TQ = TDb | TTx;

/*
 * The move-day writes of a delivery (issue 28): each a conditional update on the row the caller
 * locked, so of twenty identical requests exactly one writes (`where on_my_way_at is null`).
 */

const accepted = (id: number) => and(eq(deliveries.id, id), eq(deliveries.status, S.accepted));

async function updateIf(tx: TTx, id: number, where: SQL | undefined, set: Partial<TDeliveryRow>) {
  const [row] = await tx
    .update(deliveries)
    .set(set)
    .where(and(accepted(id), where))
    .returning();
  return row;
}

export const markOnMyWay = (tx: TTx, id: number, at: Date, etaAt: Date) =>
  updateIf(tx, id, isNull(deliveries.onMyWayAt), { onMyWayAt: at, etaAt, updatedAt: at });

export const markArrived = (tx: TTx, id: number, at: Date) =>
  updateIf(tx, id, and(isNotNull(deliveries.onMyWayAt), isNull(deliveries.arrivedAt)), {
    arrivedAt: at,
    updatedAt: at,
  });

export const setPickupPhoto = (tx: TTx, id: number, path: string, at: Date) =>
  updateIf(tx, id, isNotNull(deliveries.arrivedAt), { pickupPhoto: path, updatedAt: at });

export const setDropoffPhoto = (tx: TTx, id: number, path: string, at: Date) =>
  updateIf(tx, id, isNotNull(deliveries.pickupPhoto), { dropoffPhoto: path, updatedAt: at });

/** Who the customer is, for the notice's e-mail. */
export async function customerContact(q: TQ, userId: number) {
  const [u] = await q
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u;
}

/**
 * The helper's deliveries that may fall on `dates` (the caller keeps those whose date is today in
 * their own time zone): accepted, or finished by a payout submission. Any order: the caller sorts.
 */
export async function acceptorDeliveriesOn(q: TQ, actor: TDeliveryActor, dates: string[]) {
  let who: SQL | undefined;
  if (actor.kind === 'labor') who = eq(deliveries.acceptorUserId, actor.userId);
  else if (actor.kind === 'company')
    who = and(
      eq(deliveries.acceptorCompanyId, actor.companyId),
      actor.branchId ? eq(deliveries.acceptorBranchId, actor.branchId) : undefined,
    );
  else return [];
  const rows = await q
    .select()
    .from(deliveries)
    .where(
      and(
        who,
        inArray(deliveries.status, [S.accepted, S.waitingForComplete, S.completed]),
        inArray(deliveries.arrivalDate, dates),
      ),
    );
  const people = rows.length
    ? await q
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(
          inArray(users.id, [
            ...new Set(rows.flatMap((r) => [r.customerId, ...(r.acceptorUserId ? [r.acceptorUserId] : [])])),
          ]),
        )
    : [];
  const name = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
  return rows.map((row) => ({
    row,
    customerName: name.get(row.customerId) ?? '',
    helperName: row.acceptorUserId ? (name.get(row.acceptorUserId) ?? null) : null,
  }));
}
