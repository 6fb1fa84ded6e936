import { SERVICE_TYPE_OPTIONS } from '@haulpro/shared/booking-options';
import type { TCalendarAnswer, TCalendarEvent, TCalendarQuery } from '@haulpro/shared/calendar';
import { CALENDAR_DEFAULT_STATUSES } from '@haulpro/shared/calendar';
import { ORDER_STATUS_LABELS, type TOrderStatus } from '@haulpro/shared/order';
import { type TShowUpWindow, windowHours } from '@haulpro/shared/pricing-constants';
import type { TAuth, TDeps } from '../../context.ts';
import { notFound } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { wallTimeToInstant } from '../../domain/wall-time.ts';
import { companyBranch, mainBranch } from '../branches/branches.service.ts';
import { staffCompanyId } from '../company-scope.ts';
import { companyBlockedDays } from '../options/options.service.ts';
import { listCalendarOrders } from '../orders/orders.service.ts';

type TCalendarRow = Awaited<ReturnType<typeof listCalendarOrders>>[number];

const SERVICE_LABEL = new Map<number, string>(SERVICE_TYPE_OPTIONS.map((o) => [o.value, o.label]));

/** An order as a grid event: the show-up window's start for `hours_count` hours, in the branch's zone. */
export function calendarEvent(r: TCalendarRow): TCalendarEvent {
  const start = wallTimeToInstant(
    r.arrivalDate,
    windowHours(r.arrivalTime as TShowUpWindow).start,
    r.timeZone,
  );
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

/** The company calendar (issue 15): a visible range of orders and blocked time in one answer. */
export function createCalendarService({ db }: TDeps) {
  return {
    async range(auth: TAuth, q: TCalendarQuery): Promise<TCalendarAnswer> {
      const companyId = staffCompanyId(auth);
      const branch = q.branch_id
        ? await companyBranch(db, companyId, q.branch_id)
        : await mainBranch(db, companyId);
      if (!branch) throw notFound();
      const range = { from: q.from, to: q.to };
      const [rows, blocked] = await Promise.all([
        listCalendarOrders(db, {
          companyId,
          branchId: q.branch_id,
          ...range,
          statuses: q.statuses ?? CALENDAR_DEFAULT_STATUSES,
        }),
        companyBlockedDays(db, companyId, q.branch_id, range),
      ]);
      return { events: rows.map(calendarEvent), blocked_days: blocked, time_zone: branch.timeZone };
    },
  };
}
