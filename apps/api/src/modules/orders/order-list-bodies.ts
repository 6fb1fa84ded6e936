import { parseDateRange } from '@haulpro/shared/date-range';
import type { TJobLine } from '@haulpro/shared/move-day';
import { ORDER_FILTERS, type TOrderListQuery } from '@haulpro/shared/order';
import { staffCompanyId } from '../../access/company-scope.ts';
import { clockSecond, jsonBody, type TJsonBody, weighBody } from '../../cache/json-body.ts';
import type { TAuth, TDeps } from '../../context.ts';
import { todayIn } from '../../domain/availability.ts';
import { notFound } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import type { TViewer } from '../../domain/order-machine.ts';
import { pageMeta } from '../../domain/paging.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import {
  companyOrderCounts,
  listCompanyOrders,
  listCustomerOrders,
  type TOrderContextBase,
} from './order-lists.repository.ts';
import type { TOrderMoveDayPort } from './order-notices.ts';
import type { TOrderContext, TOrderRow } from './order-view.ts';

type TWithReviews = (
  items: { row: TOrderRow; ctx: TOrderContextBase }[],
) => Promise<{ row: TOrderRow; ctx: TOrderContext }[]>;
type TWithContext = (
  items: { row: TOrderRow; ctx: TOrderContext }[],
  viewer: TViewer,
  now?: Date,
) => unknown[];

/**
 * The orders' polled reads: the company's list and counts, and the customer's list. Dashboards
 * poll them every few seconds, so each is kept in the read cache (decisions 011 and 032) and
 * sent as JSON made once.
 */
export function createOrderListBodies(
  deps: TDeps,
  branches: Pick<TBranchesService, 'companyBranch'>,
  withReviews: TWithReviews,
  withContext: TWithContext,
  jobLines: TOrderMoveDayPort['jobLines'] | undefined,
) {
  const { db, clock } = deps;
  return {
    /**
     * A page of the company's orders as the JSON body the route sends. Dashboards poll this, so
     * the page's rows are cached per company, query and resolved date range, and the body built
     * from them per clock second: the countdown and the time-dependent flags in it are exact to
     * the second, and a new second costs a re-render, not a query (decision 011).
     */
    async companyListBody(auth: TAuth, q: TOrderListQuery, timeZone: string): Promise<TJsonBody> {
      const companyId = staffCompanyId(auth);
      const now = clock.now();
      const second = clockSecond(now);
      // The body of this second is looked up before any date work: a named range resolves to the
      // same dates for every poll of one second in one time zone.
      const query = JSON.stringify(q);
      return deps.cache.memo(
        `orders:body:${companyId}:${timeZone}:${query}@${second}`,
        async () => {
          const range = q.arrival_date_in ? parseDateRange(q.arrival_date_in, todayIn(timeZone, now)) : null;
          const rowsKey = `orders:list:${companyId}:${JSON.stringify({ ...q, arrival_date_in: range })}`;
          const { items, total } = await deps.cache.memo(
            rowsKey,
            async () => {
              if (q.branch_id && !(await branches.companyBranch(companyId, q.branch_id))) throw notFound();
              const page = await listCompanyOrders(db, {
                companyId,
                branchId: q.branch_id,
                statuses: ORDER_FILTERS[q.filter],
                range,
                orderBy: q.orderBy,
                desc: q.desc,
                page: q.page,
                perPage: q.paginate,
              });
              return { ...page, items: await withReviews(page.items) };
            },
            // About 2,000 characters an order with its context: the same measure as the bodies.
            (page) => 500 + page.items.length * 2000,
          );
          return jsonBody(
            JSON.stringify({
              data: withContext(items, 'company', now),
              meta: pageMeta(q.page, q.paginate, total),
            }),
          );
        },
        weighBody,
      );
    },

    /** Every count of the dashboard tabs and the overview (cached like the list, without the second). */
    async companyCounts(
      auth: TAuth,
      branchId: number | undefined,
      rangeName: string | undefined,
      timeZone: string,
    ) {
      const companyId = staffCompanyId(auth);
      const range = rangeName ? parseDateRange(rangeName, todayIn(timeZone, clock.now())) : null;
      const key = `orders:counts:${companyId}:${branchId ?? ''}:${range ? `${range.from}..${range.to}` : ''}`;
      return deps.cache.memo(key, async () => {
        if (branchId && !(await branches.companyBranch(companyId, branchId))) throw notFound();
        const counts = await companyOrderCounts(db, { companyId, branchId, range });
        return { ...counts, revenue: toDollars(counts.revenue) };
      });
    },

    /**
     * The customer's orders as the JSON body the route sends. The dashboard polls it: one user's
     * answer is kept per clock second (its time-dependent flags are exact to the second) until a
     * table it read changes (decision 032).
     */
    async customerListBody(auth: TAuth, tab: 'active' | 'archive', page: number, perPage: number) {
      const second = clockSecond(clock.now());
      const key = `orders:customer:${auth.user.id}:${tab}:${page}:${perPage}@${second}`;
      return deps.cache.memoScoped(
        key,
        async () => {
          const now = clock.now();
          const r = await listCustomerOrders(db, auth.user.id, tab === 'archive', page, perPage);
          const items = await withReviews(r.items);
          // Each card's move day at a glance: the dashboard asks for no job per card.
          const lines = jobLines
            ? await jobLines(
                items.map((i) => i.row),
                now,
              )
            : new Map<number, TJobLine>();
          const views = withContext(items, 'customer', now) as object[];
          return jsonBody(
            JSON.stringify({
              data: views.map((v, i) => ({ ...v, job_line: lines.get(items[i]!.row.id) ?? null })),
              meta: {
                ...pageMeta(page, perPage, tab === 'archive' ? r.archive : r.active),
                active_count: r.active,
                archive_count: r.archive,
              },
            }),
          );
        },
        weighBody,
      );
    },
  };
}
