import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { crews, jobCrewTimes, jobEvents, orders } from '../../db/schema.ts';

type TQ = TDb | TTx;

/**
 * The members' own starts on the company's jobs within [from, to), for the members of one branch.
 * The members and orders tables are read only (their modules write them), to name the member and
 * keep each company to its own jobs.
 */
export function findCrewTimes(db: TQ, companyId: number, branchId: number, from: Date, to: Date) {
  return db
    .select({
      orderId: jobCrewTimes.orderId,
      crewId: jobCrewTimes.crewId,
      startedAt: jobCrewTimes.startedAt,
      finishedAt: jobCrewTimes.finishedAt,
      firstName: crews.firstName,
      lastName: crews.lastName,
      email: crews.email,
    })
    .from(jobCrewTimes)
    .innerJoin(crews, eq(crews.id, jobCrewTimes.crewId))
    .innerJoin(orders, eq(orders.id, jobCrewTimes.orderId))
    .where(
      and(
        eq(crews.companyId, companyId),
        eq(crews.branchId, branchId),
        eq(orders.companyId, companyId),
        gte(jobCrewTimes.startedAt, from),
        lt(jobCrewTimes.startedAt, to),
      ),
    )
    .orderBy(asc(jobCrewTimes.startedAt), asc(jobCrewTimes.orderId), asc(jobCrewTimes.crewId));
}

/** The clock steps that bound breaks (break, resume, finish) of these orders, in order. */
export function findBreakSteps(db: TQ, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ orderId: jobEvents.orderId, type: jobEvents.type, at: jobEvents.at })
    .from(jobEvents)
    .where(
      and(inArray(jobEvents.orderId, [...orderIds]), inArray(jobEvents.type, ['break', 'resume', 'finish'])),
    )
    .orderBy(asc(jobEvents.orderId), asc(jobEvents.at), asc(jobEvents.id));
}
