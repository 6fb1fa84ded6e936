import { randomBytes } from 'node:crypto';
import { SERVICE_TYPE_OPTIONS } from '@haulpro/shared/booking-options';
import {
  CALENDAR_DEFAULT_STATUSES,
  CALENDAR_FEED_DAYS,
  CALENDAR_FEED_FILE,
  CALENDAR_FEED_STATUSES,
  calendarFeedPath,
  type TCalendarEvent,
  type TCalendarFeed,
  type TCalendarQuery,
} from '@haulpro/shared/calendar';
import { ORDER_STATUS_LABELS, type TOrderStatus } from '@haulpro/shared/order';
import { type TShowUpWindow, windowHours } from '@haulpro/shared/pricing-constants';
import { staffCompanyId } from '../../access/company-scope.ts';
import { jsonBody, type TJsonBody } from '../../cache/json-body.ts';
import type { TAuth, TDeps } from '../../context.ts';
import { todayIn } from '../../domain/availability.ts';
import { notFound } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { wallTimeToInstant } from '../../domain/wall-time.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import type { TOptionsService } from '../options/options.service.ts';
import type { TOrdersService } from '../orders/orders.service.ts';
import { findBranchFeed, findFeedBranch, replaceBranchFeed } from './calendar.repository.ts';
import { icsOf } from './calendar-feed.ts';

type TCalendarRow = Awaited<ReturnType<TOrdersService['calendarOrders']>>[number];

/** The modules the calendar shows: their services, handed in by modules/services.ts. */
type TCalendarFronts = {
  branches: Pick<TBranchesService, 'companyBranch' | 'mainBranch'>;
  options: Pick<TOptionsService, 'blockedDays'>;
  orders: Pick<TOrdersService, 'calendarOrders' | 'calendarEventsJson'>;
};

const SERVICE_LABEL = new Map<number, string>(SERVICE_TYPE_OPTIONS.map((o) => [o.value, o.label]));

/** Wall time to instant, remembered for one answer: a busy month repeats a few hundred day-window pairs. */
function instantsOf() {
  const seen = new Map<string, Date>();
  return (date: string, hour: number, timeZone: string): Date => {
    const key = `${date}|${hour}|${timeZone}`;
    let at = seen.get(key);
    if (!at) {
      at = wallTimeToInstant(date, hour, timeZone);
      seen.set(key, at);
    }
    return at;
  };
}

/** An order as a grid event: the show-up window's start for `hours_count` hours, in the branch's zone. */
export function calendarEvent(r: TCalendarRow, instant = wallTimeToInstant): TCalendarEvent {
  const start = instant(r.arrivalDate, windowHours(r.arrivalTime as TShowUpWindow).start, r.timeZone);
  return {
    id: r.id,
    name: r.name,
    customer_phone: r.customerPhone,
    arrival_date: r.arrivalDate,
    arrival_time: r.arrivalTime,
    start: start.toISOString(),
    end: new Date(start.getTime() + Math.max(1, r.hoursCount) * 3_600_000).toISOString(),
    service: SERVICE_LABEL.get(r.typeService) ?? 'Moving',
    type_service: r.typeService,
    helpers_count: r.helpersCount,
    hours_count: r.hoursCount,
    status_id: r.status,
    status: ORDER_STATUS_LABELS[r.status as TOrderStatus] ?? '',
    branch_id: r.branchId,
    branch_name: r.branchName,
    time_zone: r.timeZone,
    order_price: toDollars(r.orderPrice),
  };
}

type TKept = { body: TJsonBody; at: number };

/** The company calendar (issue 15): a visible range of orders and blocked time in one answer. */
function feedView(branchId: number, row: { secret: string; createdAt: Date } | undefined): TCalendarFeed {
  return {
    branch_id: branchId,
    path: row ? calendarFeedPath(row.secret) : null,
    created_at: row ? row.createdAt.toISOString() : null,
  };
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function createCalendarService(
  { db, clock, cache }: TDeps,
  { branches, options, orders }: TCalendarFronts,
) {
  const refreshing = new Set<string>();
  const weigh = (e: TKept) => e.body.weight;

  /**
   * The read cache's answer for `key`, renewed ahead: past half its TTL a poll still gets it at
   * once while one load replaces it (stored only if nothing was written meanwhile), so polls do
   * not queue behind a reload every TTL. After a write (a new generation) callers wait for the
   * new answer, as with `memo`.
   */
  async function kept(key: string, load: () => Promise<TJsonBody>): Promise<TJsonBody> {
    const hit = cache.get<TKept>(key);
    if (!hit)
      return (await cache.memo(key, async () => ({ body: await load(), at: performance.now() }), weigh)).body;
    if (performance.now() - hit.at > cache.ttlMs / 2 && !refreshing.has(key)) {
      refreshing.add(key);
      const generation = cache.generation();
      void load()
        .then(async (body) => {
          // Browsers asked for the old copy compressed: the new one is, before it is served.
          if (hit.body.compressed()) await body.brotli();
          const e = { body, at: performance.now() };
          cache.set(key, generation, e, weigh(e));
        })
        .catch(() => undefined)
        .finally(() => refreshing.delete(key));
    }
    return hit.body;
  }

  return {
    /** The branch's private feed, if staff made one. */
    async feed(auth: TAuth, branchId: number): Promise<TCalendarFeed> {
      const branch = await branches.companyBranch(staffCompanyId(auth), branchId);
      if (!branch) throw notFound();
      return feedView(branchId, await findBranchFeed(db, branchId));
    },

    /** A new secret: the feed's link is made, or replaced (the old link stops working). */
    async regenerateFeed(auth: TAuth, branchId: number): Promise<TCalendarFeed> {
      const branch = await branches.companyBranch(staffCompanyId(auth), branchId);
      if (!branch) throw notFound();
      await replaceBranchFeed(db, branchId, randomBytes(32).toString('base64url'), clock.now());
      return feedView(branchId, await findBranchFeed(db, branchId));
    },

    /** GET public/calendar/{secret}.ics: the branch's jobs from a month back to half a year ahead. */
    async ics(file: string): Promise<string> {
      if (!CALENDAR_FEED_FILE.test(file)) throw notFound();
      const branch = await findFeedBranch(db, file.slice(0, -'.ics'.length));
      if (!branch) throw notFound();
      const now = clock.now();
      const today = todayIn(branch.timeZone, now);
      const rows = await orders.calendarOrders({
        companyId: branch.companyId,
        branchId: branch.id,
        from: addDays(today, -CALENDAR_FEED_DAYS.back),
        to: addDays(today, CALENDAR_FEED_DAYS.ahead),
        statuses: CALENDAR_FEED_STATUSES,
      });
      const instant = instantsOf();
      return icsOf(
        branch,
        rows.map((r) => calendarEvent(r, instant)),
        now,
      );
    },

    /**
     * GET dashboard/calendar as the JSON body the route sends (ZEnvelope(ZCalendarAnswer)), as
     * bytes. The staff of a company share the answer and poll it, so it is kept in the read cache
     * per company, branch, range and statuses (decision 011: the orders, branches, users and
     * blocked_days triggers and every write of this process invalidate it). A miss costs three
     * statements: the branch, the events (JSON built by the database) and the blocked time.
     */
    async rangeBody(auth: TAuth, q: TCalendarQuery): Promise<TJsonBody> {
      const companyId = staffCompanyId(auth);
      const range = { from: q.from, to: q.to };
      const statuses = [...(q.statuses ?? CALENDAR_DEFAULT_STATUSES)].sort((a, b) => a - b);
      const key = `calendar:${companyId}:${q.branch_id ?? ''}:${q.from}..${q.to}:${statuses.join(',')}`;
      return kept(key, async () => {
        const [branch, events, blocked] = await Promise.all([
          q.branch_id ? branches.companyBranch(companyId, q.branch_id) : branches.mainBranch(companyId),
          orders.calendarEventsJson({ companyId, branchId: q.branch_id, ...range, statuses }),
          options.blockedDays(companyId, q.branch_id, range),
        ]);
        if (!branch) throw notFound();
        return jsonBody(
          Buffer.concat([
            Buffer.from('{"data":{"events":'),
            Buffer.from(events),
            Buffer.from(
              `,"blocked_days":${JSON.stringify(blocked)},"time_zone":${JSON.stringify(branch.timeZone)}}}`,
            ),
          ]),
        );
      });
    },
  };
}

export type TCalendarService = ReturnType<typeof createCalendarService>;
