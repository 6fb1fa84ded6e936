import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { deliveries, deliveryBidders, laborProfiles, users } from '../../db/schema.ts';
import { bidderWhere, type TDeliveryActor, type TDeliveryRow } from './deliveries.repository.ts';

type TQ = TDb | TTx;

// The helpers' and customers' lists of deliveries, and who may bid on a new one.

/** The acceptor's side of the helper dashboard: what they hold (not archived). */
/** Deliveries this viewer holds (a company's branch view: that branch's). */
function heldBy(actor: TDeliveryActor): SQL | undefined {
  return actor.kind === 'labor'
    ? eq(deliveries.acceptorUserId, actor.userId)
    : actor.kind === 'company'
      ? and(
          eq(deliveries.acceptorCompanyId, actor.companyId),
          actor.branchId ? eq(deliveries.acceptorBranchId, actor.branchId) : undefined,
        )
      : sql`false`;
}

const HELD_STATUSES = [S.accepted, S.customerCancelled, S.waitingForComplete, S.completed];

function acceptedWhere(actor: TDeliveryActor): SQL | undefined {
  return and(
    heldBy(actor),
    inArray(deliveries.status, HELD_STATUSES),
    eq(deliveries.archivedByAcceptor, false),
  );
}

/** Everything the viewer holds or held to the end, archived too (the Order History's Delivery tab). */
function historyWhere(actor: TDeliveryActor): SQL | undefined {
  return and(heldBy(actor), inArray(deliveries.status, HELD_STATUSES));
}

/** New biddings this viewer may still take: open, not expired, covering them, not rejected by them. */
function newWhere(actor: TDeliveryActor, now: Date): SQL | undefined {
  const bidder = bidderWhere(actor) ?? sql`false`;
  // A company that rejected it rejected it for every branch (markRejected).
  const mine = inArray(
    deliveries.id,
    sql`(select ${deliveryBidders.deliveryId} from ${deliveryBidders} where ${bidder} and not ${deliveryBidders.rejected})`,
  );
  return and(eq(deliveries.status, S.new), gt(deliveries.biddingDeadline, now), mine);
}

export async function listHelperDeliveries(
  q: TQ,
  actor: TDeliveryActor,
  tab: 'new' | 'accepted' | 'history',
  now: Date,
  page: number,
  perPage: number,
): Promise<{ rows: TDeliveryRow[]; total: number; counts: { new: number; accepted: number } }> {
  const where =
    tab === 'new' ? newWhere(actor, now) : tab === 'accepted' ? acceptedWhere(actor) : historyWhere(actor);
  const order =
    tab === 'new'
      ? [asc(deliveries.biddingDeadline), asc(deliveries.id)]
      : tab === 'accepted'
        ? [asc(deliveries.status), asc(deliveries.arrivalDate), asc(deliveries.id)]
        : [desc(deliveries.arrivalDate), desc(deliveries.id)];
  const [rows, [n], [a], [h]] = await Promise.all([
    q
      .select()
      .from(deliveries)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage),
    q.select({ n: count() }).from(deliveries).where(newWhere(actor, now)),
    q.select({ n: count() }).from(deliveries).where(acceptedWhere(actor)),
    tab === 'history'
      ? q.select({ n: count() }).from(deliveries).where(historyWhere(actor))
      : Promise.resolve([{ n: 0 }]),
  ]);
  const counts = { new: n?.n ?? 0, accepted: a?.n ?? 0 };
  const total = tab === 'new' ? counts.new : tab === 'accepted' ? counts.accepted : (h?.n ?? 0);
  return { rows, total, counts };
}

export async function listCustomerDeliveries(
  q: TQ,
  customerId: number,
  tab: 'active' | 'archive',
  page: number,
  perPage: number,
): Promise<{ rows: TDeliveryRow[]; active: number; archive: number }> {
  const mine = eq(deliveries.customerId, customerId);
  const archived = eq(deliveries.archivedByCustomer, true);
  const active = eq(deliveries.archivedByCustomer, false);
  const [rows, [ac], [ar]] = await Promise.all([
    q
      .select()
      .from(deliveries)
      .where(and(mine, tab === 'archive' ? archived : active))
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    q.select({ n: count() }).from(deliveries).where(and(mine, active)),
    q.select({ n: count() }).from(deliveries).where(and(mine, archived)),
  ]);
  return { rows, active: ac?.n ?? 0, archive: ar?.n ?? 0 };
}

/** Labor users whose service area covers a point, with the distance in km. */
export async function coveringLabor(q: TQ, point: { latitude: number; longitude: number }) {
  const here = sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
  const there = sql`ll_to_earth(${laborProfiles.latitude}, ${laborProfiles.longitude})`;
  const distance = sql<number>`earth_distance(${here}, ${there})`;
  const rows = await q
    .select({ userId: laborProfiles.userId, metres: distance })
    .from(laborProfiles)
    .innerJoin(users, eq(users.id, laborProfiles.userId))
    .where(
      and(
        eq(users.role, 'labor'),
        sql`earth_box(${there}, (${laborProfiles.serviceArea} * 1000)::float8) @> ${here}`,
        sql`${distance} <= ${laborProfiles.serviceArea} * 1000`,
      ),
    );
  return rows.map((r) => ({ userId: r.userId, distanceKm: Math.round(Number(r.metres) / 10) / 100 }));
}
