import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { deliveries, deliveryBidders, laborProfiles, users } from '../../db/schema.ts';
import type { TDeliveryActor } from './deliveries.repository.ts';
import {
  actorId,
  bidderWho,
  branchId,
  contextSelect,
  shapeOf,
  shapeParams,
  type TListedDelivery,
  type TShape,
  toContext,
} from './delivery-context.repository.ts';

type TQ = TDb | TTx;

// The helpers' and customers' lists of deliveries, and who may bid on a new one. Dashboards poll
// these lists: each is one prepared statement for the page with everything its views need, and
// one for its counts (no per-row queries), whatever the page size.

/** Deliveries this viewer holds (a company's branch view: that branch's). */
function heldBy(shape: TShape): SQL {
  if (shape === 'labor') return sql`${deliveries.acceptorUserId} = ${actorId}`;
  if (shape === 'company') return sql`${deliveries.acceptorCompanyId} = ${actorId}`;
  if (shape === 'branch')
    return sql`${deliveries.acceptorCompanyId} = ${actorId} and ${deliveries.acceptorBranchId} = ${branchId}`;
  return sql`false`;
}

const HELD_STATUSES = [S.accepted, S.customerCancelled, S.waitingForComplete, S.completed];

type TTab = 'new' | 'accepted' | 'history';

/**
 * New biddings this viewer may still take: open, not expired, covering them, not rejected by them
 * (the bidder rows are probed by the delivery, so a page reads its rows in deadline order).
 */
function tabWhere(shape: TShape, tab: TTab): SQL | undefined {
  if (tab === 'new')
    return and(
      eq(deliveries.status, S.new),
      sql`${deliveries.biddingDeadline} > ${sql.placeholder('now')}::timestamptz`,
      sql`exists (select 1 from ${deliveryBidders} b where b.delivery_id = ${deliveries.id} and ${bidderWho(shape)} and not b.rejected)`,
    );
  const held = and(heldBy(shape), inArray(deliveries.status, HELD_STATUSES));
  // Accepted: what they hold, not archived; History: everything they hold or held to the end.
  return tab === 'accepted' ? and(held, eq(deliveries.archivedByAcceptor, false)) : held;
}

const TAB_ORDER = {
  new: [asc(deliveries.biddingDeadline), asc(deliveries.id)],
  accepted: [asc(deliveries.status), asc(deliveries.arrivalDate), asc(deliveries.id)],
  history: [desc(deliveries.arrivalDate), desc(deliveries.id)],
} as const;

function helperPage(q: TQ, shape: TShape, tab: TTab) {
  const name = `deliveries_helper_${tab}_${shape}`;
  return preparedFor(q, name, () =>
    contextSelect(q, tab === 'new' ? shape : null)
      .where(tabWhere(shape, tab))
      .orderBy(...TAB_ORDER[tab])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

const countOf = (shape: TShape, tab: TTab) =>
  sql<number>`(select count(*) from ${deliveries} where ${tabWhere(shape, tab)})`.mapWith(Number);

/** The New and Accepted counts (and History's on that tab), in one statement. */
function helperCounts(q: TQ, shape: TShape, history: boolean) {
  const name = `deliveries_helper_counts_${shape}${history ? '_history' : ''}`;
  return preparedFor(q, name, () =>
    q
      .select({
        new: countOf(shape, 'new'),
        accepted: countOf(shape, 'accepted'),
        history: history ? countOf(shape, 'history') : sql<number>`0`.mapWith(Number),
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare(name),
  );
}

export async function listHelperDeliveries(
  q: TQ,
  actor: TDeliveryActor,
  tab: TTab,
  now: Date,
  page: number,
  perPage: number,
): Promise<{ items: TListedDelivery[]; total: number; counts: { new: number; accepted: number } }> {
  const shape = shapeOf(actor);
  const params = { ...shapeParams(actor), now: now.toISOString() };
  const [rows, [c]] = await Promise.all([
    helperPage(q, shape, tab).execute({ ...params, limit: perPage, offset: (page - 1) * perPage }),
    helperCounts(q, shape, tab === 'history').execute(params),
  ]);
  const counts = { new: c?.new ?? 0, accepted: c?.accepted ?? 0 };
  const total = tab === 'new' ? counts.new : tab === 'accepted' ? counts.accepted : (c?.history ?? 0);
  return { items: rows.map(toContext), total, counts };
}

const customerId = sql.placeholder('customerId');

export async function listCustomerDeliveries(
  q: TQ,
  customer: number,
  tab: 'active' | 'archive',
  page: number,
  perPage: number,
): Promise<{ items: TListedDelivery[]; active: number; archive: number }> {
  const pageName = `deliveries_customer_${tab}`;
  const list = preparedFor(q, pageName, () =>
    contextSelect(q, null)
      .where(
        and(
          sql`${deliveries.customerId} = ${customerId}`,
          eq(deliveries.archivedByCustomer, tab === 'archive'),
        ),
      )
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(pageName),
  );
  const counts = preparedFor(q, 'deliveries_customer_counts', () =>
    q
      .select({
        active: sql<number>`count(*) filter (where not ${deliveries.archivedByCustomer})`.mapWith(Number),
        archive: sql<number>`count(*) filter (where ${deliveries.archivedByCustomer})`.mapWith(Number),
      })
      .from(deliveries)
      .where(sql`${deliveries.customerId} = ${customerId}`)
      .prepare('deliveries_customer_counts'),
  );
  const [rows, [c]] = await Promise.all([
    list.execute({ customerId: customer, limit: perPage, offset: (page - 1) * perPage }),
    counts.execute({ customerId: customer }),
  ]);
  return { items: rows.map(toContext), active: c?.active ?? 0, archive: c?.archive ?? 0 };
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
