import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, asc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { KEEPS_CAPACITY, type TDb, type TTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  branches,
  companies,
  orderAddresses,
  orderHistory,
  orders,
  rescheduleRequests,
} from '../../db/schema.ts';
import { alsoIfWonCte, type TAlsoIfWon } from '../../db/written-row.ts';
import type { TOrderRow } from './order-view.ts';

type TQ = TDb | TTx;

/** One order and its writes: the conditional status update, history, reschedule requests, the overdue claim. */

/** One order's row (prepared: the read before most of an order's actions). */
export function findOrder(db: TQ, id: number): Promise<TOrderRow | undefined> {
  const statement = preparedFor(db, 'order_row', () =>
    db
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .limit(1)
      .prepare('order_row'),
  );
  return statement.execute({ id }).then((r) => r[0]);
}

/** A side's once-only flag: an order is archived and reviewed at most once by each side. */
export type TOnceFlag =
  | 'archivedByCustomer'
  | 'archivedByCompany'
  | 'reviewedByCustomer'
  | 'reviewedByCompany';

/**
 * Writes an order's next state only while its status is still `expectedStatus` (and, for archive
 * and review, the side's flag still false), and its history row with it, in one statement (a
 * data-modifying CTE): the row is written only if the update won. True when this write won.
 */
export async function updateOrderIf(
  tx: TTx,
  id: number,
  expectedStatus: number,
  onceFlag: TOnceFlag | undefined,
  set: Partial<typeof orders.$inferInsert>,
  history: Omit<typeof orderHistory.$inferInsert, 'orderId' | 'fromStatus' | 'id'>,
  /** The domain found that `set` changes no branch's capacity (keepsCapacity): the statement says so. */
  keepsCapacity = false,
  /** The step's other writes, made by this statement only if the update won (`won`: a query). */
  alsoIfWon: readonly TAlsoIfWon[] = [],
): Promise<boolean> {
  const update = tx
    .update(orders)
    .set(set)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, expectedStatus),
        onceFlag ? eq(orders[onceFlag], false) : undefined,
      ),
    )
    .returning({ id: orders.id });
  const r = await tx.execute(sql`${sql.raw(keepsCapacity ? KEEPS_CAPACITY : '')}
    with won as (${update.getSQL()})${alsoIfWonCte(alsoIfWon)}
    insert into ${orderHistory} (order_id, actor_user_id, actor_party, action, from_status, to_status, reason, created_at)
    select won.id, ${history.actorUserId ?? null}::int, ${history.actorParty}::varchar, ${history.action}::varchar,
      ${expectedStatus}::smallint, ${history.toStatus}::smallint, ${history.reason ?? null}::text,
      ${history.createdAt ?? new Date()}::timestamptz
    from won
    returning order_id`);
  return rowsOf(r).length > 0;
}

/** The orders table's columns by property name, for encoding a prepared insert's values. */
const orderColumns = getTableColumns(orders);
/** A prepared insert per set of columns given, numbered in the order first seen (a booking always gives the same set). */
const insertShapes = new Map<string, number>();

/**
 * A new order's row. The insert is prepared once per connection and set of columns (issue 30):
 * building drizzle's 45-column insert took a fifth of the server's thread in a booking. Its
 * values are encoded here as drizzle encodes a built insert's (null stays null, anything else
 * through its column), since a prepared statement's placeholders skip that step.
 */
export function insertOrder(tx: TTx, row: typeof orders.$inferInsert): Promise<TOrderRow> {
  const keys = (Object.keys(row) as (keyof typeof row)[]).filter((k) => row[k] !== undefined);
  const shape = keys.join(',');
  let n = insertShapes.get(shape);
  if (n === undefined) {
    n = insertShapes.size;
    insertShapes.set(shape, n);
  }
  const name = `order_insert_${n}`;
  const statement = preparedFor(tx, name, () =>
    tx
      .insert(orders)
      .values(
        Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(k)}`])) as PgInsertValue<typeof orders>,
      )
      .returning()
      .prepare(name),
  );
  const values: Record<string, unknown> = {};
  for (const k of keys) {
    const v = row[k];
    values[k] = v === null ? null : orderColumns[k].mapToDriverValue(v);
  }
  // Sent when called (`execute` starts the query now, decision 041): a booking sends what names
  // the order after it, and the branch's lock after all of them.
  return statement.execute(values).then(([order]) => {
    if (!order) throw new Error('insert into orders returned no row');
    return order;
  });
}

/** A new order's addresses, in the order given. */
export function insertOrderAddresses(
  tx: TTx,
  orderId: number,
  addresses: Omit<typeof orderAddresses.$inferInsert, 'orderId'>[],
): Promise<(typeof orderAddresses.$inferSelect)[]> {
  if (!addresses.length) return Promise.resolve([]);
  // Sent when called (`then` starts the query now), as insertOrder.
  return tx
    .insert(orderAddresses)
    .values(addresses.map((a) => ({ ...a, orderId })))
    .returning()
    .then((rows) => rows);
}

export function findPendingRescheduleRequest(db: TQ, orderId: number, requestId: number) {
  return db
    .select()
    .from(rescheduleRequests)
    .where(
      and(
        eq(rescheduleRequests.id, requestId),
        eq(rescheduleRequests.orderId, orderId),
        eq(rescheduleRequests.status, 'pending'),
      ),
    )
    .then((r) => r[0]);
}

export async function decideRescheduleRequest(
  tx: TTx,
  id: number,
  set: Pick<typeof rescheduleRequests.$inferInsert, 'status' | 'reason' | 'decidedAt'>,
): Promise<void> {
  await tx.update(rescheduleRequests).set(set).where(eq(rescheduleRequests.id, id));
}

export async function insertRescheduleRequest(
  tx: TTx,
  row: typeof rescheduleRequests.$inferInsert,
): Promise<void> {
  await tx.insert(rescheduleRequests).values(row);
}

export function insertOrderHistory(tx: TTx, row: typeof orderHistory.$inferInsert): Promise<void> {
  // Sent when called (`then` starts the query now), as insertOrder.
  return tx
    .insert(orderHistory)
    .values(row)
    .then(() => undefined);
}

/** New orders past their response deadline, oldest first, locked for this transaction (others skip them). */
export function claimOverdueOrders(tx: TTx, now: Date, limit: number) {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, ORDER_STATUS.new), lte(orders.responseDeadline, now)))
    .orderBy(asc(orders.responseDeadline))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function findBranchName(db: TQ, branchId: number): Promise<string | null> {
  const [b] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
  return b?.name ?? null;
}

/** The company's name and late-cancellation tiers (null: the default), for the cancel's terms. */
export function findCompanyCancellation(db: TQ, companyId: number) {
  return db
    .select({ name: companies.name, policy: companies.cancellationPolicy })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1)
    .then((r) => r[0]);
}
