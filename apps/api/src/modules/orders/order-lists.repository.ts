import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import {
  branches,
  companies,
  crews,
  orderAddresses,
  orderCrews,
  orderJobs,
  orders,
  rescheduleRequests,
  users,
} from '../../db/schema.ts';
import type { TOrderContext, TOrderRow } from './order-view.ts';

/** An order's context as its own tables give it; the orders service adds the reviews (the reviews module's read). */
export type TOrderContextBase = Omit<TOrderContext, 'reviews'>;

type TQ = TDb | TTx;

/** The orders lists: a company's and a customer's pages, their counts, the calendar, and each order's context. */

export type TCompanyOrderQuery = {
  companyId: number;
  branchId?: number | undefined;
  statuses: readonly number[];
  range?: { from: string; to: string } | null;
  orderBy: 'arrival_date' | 'created_at' | 'id' | 'order_price';
  desc: boolean;
  page: number;
  perPage: number;
};

const SORT = {
  arrival_date: orders.arrivalDate,
  created_at: orders.createdAt,
  id: orders.id,
  order_price: orders.orderPrice,
} as const;

function companyWhere(q: Pick<TCompanyOrderQuery, 'companyId' | 'branchId' | 'range'>): SQL | undefined {
  return and(
    eq(orders.companyId, q.companyId),
    q.branchId ? eq(orders.branchId, q.branchId) : undefined,
    q.range ? gte(orders.arrivalDate, q.range.from) : undefined,
    q.range ? lte(orders.arrivalDate, q.range.to) : undefined,
  );
}

/** The same filter with placeholders, for prepared statements (one per shape of the filter). */
function companyWherePrepared(shape: { branch: boolean; range: boolean }): SQL | undefined {
  return and(
    eq(orders.companyId, sql.placeholder('companyId')),
    shape.branch ? eq(orders.branchId, sql.placeholder('branchId')) : undefined,
    shape.range ? gte(orders.arrivalDate, sql.placeholder('from')) : undefined,
    shape.range ? lte(orders.arrivalDate, sql.placeholder('to')) : undefined,
  );
}

/**
 * Orders with everything their view needs (branch, company, customer phone, addresses, pending
 * reschedule) and the total row count, in one statement: a page costs one round trip. Reviews
 * exist only on completed orders, so they are fetched only when the page has some.
 */
function contextSelect(db: TQ, withTotal = true) {
  return db
    .select({
      o: orders,
      branchName: branches.name,
      branchZip: branches.zipCode,
      branchPhone: branches.primaryPhone,
      companyName: companies.name,
      customerPhone: users.phone,
      addresses: sql<TOrderContext['addresses']>`coalesce((
        select json_agg(json_build_object(
          'id', a.id, 'orderId', a.order_id, 'kind', a.kind, 'position', a.position, 'address', a.address,
          'cityOrTown', a.city_or_town, 'state', a.state, 'zipCode', a.zip_code,
          'typeProperty', a.type_property, 'flightsOfStairs', a.flights_of_stairs
        ) order by a.position)
        from ${orderAddresses} a where a.order_id = ${orders.id}), '[]'::json)`,
      pending: sql<TOrderContext['pendingReschedule']>`(
        select json_build_object(
          'id', r.id, 'orderId', r.order_id, 'requestedBy', r.requested_by, 'requestedDate', r.requested_date,
          'requestedTime', r.requested_time, 'note', r.note, 'price', r.price, 'status', r.status
        )
        from ${rescheduleRequests} r where r.order_id = ${orders.id} and r.status = 'pending' limit 1)`,
      crew: sql<TOrderContext['crew']>`coalesce((
        select json_agg(json_build_object(
          'id', c.id, 'first_name', c.first_name, 'last_name', c.last_name, 'profile_picture', c.profile_picture
        ) order by c.first_name, c.last_name, c.id)
        from ${orderCrews} oc join ${crews} c on c.id = oc.crew_id where oc.order_id = ${orders.id}), '[]'::json)`,
      jobUnderWay: sql<boolean>`exists(select 1 from ${orderJobs} j where j.order_id = ${orders.id}
        and j.last_at is not null and j.finished_at is null)`,
      total: withTotal ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number | null>`null`,
    })
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(users, eq(users.id, orders.customerId));
}
type TContextRow = Awaited<ReturnType<ReturnType<typeof contextSelect>['execute']>>[number];

function withContexts(rows: TContextRow[]): {
  items: { row: TOrderRow; ctx: TOrderContextBase }[];
  total: number | null;
} {
  return {
    total: rows[0]?.total ?? null,
    items: rows.map((r) => ({
      row: r.o,
      ctx: {
        branchName: r.branchName,
        branchZip: r.branchZip,
        branchPhone: r.branchPhone,
        companyName: r.companyName,
        customerPhone: r.customerPhone,
        addresses: r.addresses,
        pendingReschedule: r.pending,
        crew: r.crew,
        jobUnderWay: r.jobUnderWay === true,
      },
    })),
  };
}

/** One order with its view's context in one statement (prepared): what a step answers and the order page reads. */
export async function findOrderWithContext(
  db: TDb,
  id: number,
): Promise<{ row: TOrderRow; ctx: TOrderContextBase } | undefined> {
  const statement = preparedFor(db, 'order_one', () =>
    contextSelect(db)
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('order_one'),
  );
  return withContexts(await statement.execute({ id })).items[0];
}

/**
 * The order locked for this transaction (FOR UPDATE OF orders), with its view's context, in one
 * statement: an order's step reads it here, and when the step wrote none of the context's tables
 * its answer is built from it and the row the step wrote, without reading again (issue 30).
 */
export async function findOrderWithContextForUpdate(
  tx: TTx,
  id: number,
): Promise<{ row: TOrderRow; ctx: TOrderContextBase } | undefined> {
  // Without the window function (the page's total): FOR UPDATE does not allow one. Named, so a
  // PostgreSQL connection plans it once: planning this join cost ten times running it (0.77 ms
  // against 0.08 ms a step, pg_stat_statements under the accept benchmark).
  const statement = preparedFor(tx, 'order_one_for_update', () =>
    contextSelect(tx, false)
      .where(eq(orders.id, sql.placeholder('id')))
      .limit(1)
      .for('update', { of: orders })
      .prepare('order_one_for_update'),
  );
  const rows = await statement.execute({ id });
  return withContexts(rows).items[0];
}

/** The tables the view's context is read from (besides `orders` and the reviews' tables). */
export const ORDER_CONTEXT_TABLES = [
  'branches',
  'companies',
  'users',
  'order_addresses',
  'reschedule_requests',
  'order_crews',
  'crews',
  'order_jobs',
] as const;

function companyListStatement(db: TQ, q: TCompanyOrderQuery) {
  const shape = { branch: Boolean(q.branchId), range: Boolean(q.range) };
  const key = `orders_list_${Number(shape.branch)}${Number(shape.range)}_${q.orderBy}_${q.desc ? 'd' : 'a'}`;
  const dir = q.desc ? desc : asc;
  return preparedFor(db, key, () =>
    contextSelect(db)
      .where(
        and(
          companyWherePrepared(shape),
          sql`${orders.status} = any(${sql.placeholder('statuses')}::smallint[])`,
        ),
      )
      .orderBy(dir(SORT[q.orderBy]), dir(orders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(key),
  );
}

function shapeParams(q: Pick<TCompanyOrderQuery, 'companyId' | 'branchId' | 'range'>) {
  return {
    companyId: q.companyId,
    ...(q.branchId ? { branchId: q.branchId } : {}),
    ...(q.range ? { from: q.range.from, to: q.range.to } : {}),
  };
}

export async function listCompanyOrders(db: TQ, q: TCompanyOrderQuery) {
  const offset = (q.page - 1) * q.perPage;
  const rows = await companyListStatement(db, q).execute({
    ...shapeParams(q),
    statuses: `{${q.statuses.join(',')}}`,
    limit: q.perPage,
    offset,
  });
  const r = withContexts(rows);
  // Past the last page the window count is not there; count on its own then.
  let total = r.total;
  if (total === null) {
    const where = and(companyWhere(q), inArray(orders.status, [...q.statuses]));
    total = offset > 0 ? ((await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0) : 0;
  }
  return { items: r.items, total };
}

const c = (statuses: number[]) =>
  sql<number>`count(*) filter (where ${inArray(orders.status, statuses)})`.mapWith(Number);

/** Every count key of the spec in one pass over the company's (or branch's) orders (prepared per shape). */
export async function companyOrderCounts(
  db: TQ,
  q: Pick<TCompanyOrderQuery, 'companyId' | 'branchId' | 'range'>,
) {
  const shape = { branch: Boolean(q.branchId), range: Boolean(q.range) };
  const key = `orders_counts_${Number(shape.branch)}${Number(shape.range)}`;
  const statement = preparedFor(db, key, () =>
    db
      .select({
        all_orders: count(),
        completed_and_accepted_orders: c([2, 5, 7]),
        cancelled_orders: c([4]),
        new_orders: c([1]),
        waiting_for_payment_orders: c([0]),
        rejected_orders: c([3]),
        active_orders: c([0, 1, 2, 6, 7]),
        /** Cents of accepted, being-completed and completed orders (the overview's revenue). */
        revenue:
          sql<number>`coalesce(sum(${orders.orderPrice}) filter (where ${inArray(orders.status, [ORDER_STATUS.accepted, ORDER_STATUS.completed, ORDER_STATUS.beingCompleted])}), 0)`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(companyWherePrepared(shape))
      .prepare(key),
  );
  const [row] = await statement.execute(shapeParams(q));
  return row!;
}

/**
 * A customer's orders (Active or Archive, newest first) with their context in one prepared
 * statement, and both tabs' counts in another: an index range each (customer, archived, created).
 */
export async function listCustomerOrders(
  db: TQ,
  customerId: number,
  archived: boolean,
  page: number,
  perPage: number,
) {
  const customer = sql.placeholder('customerId');
  const key = `orders_customer_${archived ? 'archive' : 'active'}`;
  const list = preparedFor(db, key, () =>
    contextSelect(db, false)
      .where(and(sql`${orders.customerId} = ${customer}`, eq(orders.archivedByCustomer, archived)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(key),
  );
  const counts = preparedFor(db, 'orders_customer_counts', () =>
    db
      .select({
        active: sql<number>`count(*) filter (where not ${orders.archivedByCustomer})`.mapWith(Number),
        archive: sql<number>`count(*) filter (where ${orders.archivedByCustomer})`.mapWith(Number),
      })
      .from(orders)
      .where(sql`${orders.customerId} = ${customer}`)
      .prepare('orders_customer_counts'),
  );
  const [rows, [c]] = await Promise.all([
    list.execute({ customerId, limit: perPage, offset: (page - 1) * perPage }),
    counts.execute({ customerId }),
  ]);
  const r = withContexts(rows);
  return { items: r.items, active: c?.active ?? 0, archive: c?.archive ?? 0 };
}

/** Branch, company, customer phone, addresses and pending reschedule for many orders: six queries, whatever the page size. */
export async function loadContexts(db: TQ, rows: TOrderRow[]): Promise<Map<number, TOrderContextBase>> {
  const out = new Map<number, TOrderContextBase>();
  if (!rows.length) return out;
  const ids = rows.map((r) => r.id);
  const [branchRows, companyRows, customerRows, addressRows, reschedules, crewRows, underWay] =
    await Promise.all([
      db
        .select({ id: branches.id, name: branches.name, zip: branches.zipCode, phone: branches.primaryPhone })
        .from(branches)
        .where(inArray(branches.id, [...new Set(rows.map((r) => r.branchId))])),
      db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, [...new Set(rows.map((r) => r.companyId))])),
      db
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.customerId))])),
      db
        .select()
        .from(orderAddresses)
        .where(inArray(orderAddresses.orderId, ids))
        .orderBy(asc(orderAddresses.position)),
      db
        .select()
        .from(rescheduleRequests)
        .where(and(inArray(rescheduleRequests.orderId, ids), eq(rescheduleRequests.status, 'pending'))),
      db
        .select({
          orderId: orderCrews.orderId,
          id: crews.id,
          first_name: crews.firstName,
          last_name: crews.lastName,
          profile_picture: crews.profilePicture,
        })
        .from(orderCrews)
        .innerJoin(crews, eq(crews.id, orderCrews.crewId))
        .where(inArray(orderCrews.orderId, ids))
        .orderBy(asc(crews.firstName), asc(crews.lastName), asc(crews.id)),
      db
        .select({ orderId: orderJobs.orderId })
        .from(orderJobs)
        .where(
          and(inArray(orderJobs.orderId, ids), isNotNull(orderJobs.lastAt), isNull(orderJobs.finishedAt)),
        ),
    ]);
  for (const r of rows) {
    const b = branchRows.find((x) => x.id === r.branchId);
    out.set(r.id, {
      branchName: b?.name ?? '',
      branchZip: b?.zip ?? '',
      branchPhone: b?.phone ?? null,
      companyName: companyRows.find((x) => x.id === r.companyId)?.name ?? '',
      customerPhone: customerRows.find((x) => x.id === r.customerId)?.phone ?? null,
      addresses: addressRows.filter((a) => a.orderId === r.id),
      pendingReschedule: reschedules.find((x) => x.orderId === r.id) ?? null,
      crew: crewRows.filter((c) => c.orderId === r.id).map(({ orderId: _o, ...c }) => c),
      jobUnderWay: underWay.some((j) => j.orderId === r.id),
    });
  }
  return out;
}
