import type { TOrderCrewMember } from '@haulpro/shared/crew';
import { maskPhone, ORDER_STATUS_LABELS, type TOrderStatus } from '@haulpro/shared/order';
import { INVOICE_LINE_LABELS, type TOrderView } from '@haulpro/shared/order-view';
import type { TReview } from '@haulpro/shared/review';
import type { orderAddresses, orders, rescheduleRequests } from '../../db/schema.ts';
import { canAssignCrew } from '../../domain/capacity.ts';
import { invoiceLines } from '../../domain/invoice.ts';
import { toDollars } from '../../domain/money.ts';
import {
  isCustomerPhoneRevealed,
  orderFlags,
  type TOrderState,
  type TViewer,
  tillAutoReject,
} from '../../domain/order-machine.ts';
import { signedFileUrl } from '../../storage/signed-urls.ts';

export type TOrderRow = typeof orders.$inferSelect;
type TAddressRow = typeof orderAddresses.$inferSelect;
type TRescheduleRow = typeof rescheduleRequests.$inferSelect;
export type TOrderContext = {
  branchName: string;
  branchZip: string;
  branchPhone: string | null;
  companyName: string;
  customerPhone: string | null;
  addresses: TAddressRow[];
  pendingReschedule: TRescheduleRow | null;
  /** Reviews written on this order by either side. */
  reviews: TReview[];
  /** The crew members staff assigned (decision 019). */
  crew: TOrderCrewMember[];
  /** Move day (decision 030): the crew took a step and has not pressed Finish work yet. */
  jobUnderWay: boolean;
};

const TYPE_MOVING: Record<number, string> = { 1: 'Residential', 2: 'Commercial' };
const TYPE_HELP: Record<number, string> = {
  1: 'Loading only',
  2: 'Unloading only',
  3: 'Loading and unloading',
};
const SERVICE: Record<number, string> = { 1: 'Helpers only', 2: 'Helpers and trucks' };

export function orderState(o: TOrderRow): TOrderState {
  return {
    status: o.status as TOrderStatus,
    statusBeforeReschedule: (o.statusBeforeReschedule as TOrderStatus | null) ?? null,
    rescheduleRequestedBy: o.rescheduleRequestedBy ?? null,
    arrivalDate: o.arrivalDate,
    timeZone: o.timeZone,
    responseDeadline: o.responseDeadline,
    archivedByCustomer: o.archivedByCustomer,
    archivedByCompany: o.archivedByCompany,
    reviewedByCustomer: o.reviewedByCustomer,
    reviewedByCompany: o.reviewedByCompany,
  };
}

function address(a: TAddressRow): TOrderView['pickups'][number] {
  return {
    address: a.address,
    city_or_town: a.cityOrTown,
    city: a.cityOrTown,
    state: a.state,
    zip_code: a.zipCode,
    type_property: a.typeProperty,
    flights_of_stairs: a.flightsOfStairs,
    flights_of_stairs_text:
      a.flightsOfStairs === 0
        ? 'No stairs'
        : `${a.flightsOfStairs} flight${a.flightsOfStairs > 1 ? 's' : ''} of stairs`,
    stairs: { display: a.flightsOfStairs === 0 ? 'No stairs' : String(a.flightsOfStairs) },
  };
}

/** The wire shape of an order for one viewer: spec fields, invoice and every flag. */
export function orderView(o: TOrderRow, ctx: TOrderContext, viewer: TViewer, now: Date): TOrderView {
  const q = o.quote;
  const revealed = isCustomerPhoneRevealed(orderState(o));
  const customerPhone =
    viewer === 'company' && !revealed
      ? maskPhone(ctx.customerPhone ?? o.phone)
      : (ctx.customerPhone ?? o.phone);
  const pickups = ctx.addresses.filter((a) => a.kind === 'pickup').map(address);
  const destinations = ctx.addresses.filter((a) => a.kind === 'destination').map(address);
  const r = ctx.pendingReschedule;
  return {
    id: o.id,
    status: ORDER_STATUS_LABELS[o.status as TOrderStatus],
    status_id: o.status,
    start: `${o.arrivalDate}`,
    arrival_date: o.arrivalDate,
    arrival_time: o.arrivalTime,
    order_price: toDollars(o.orderPrice),
    old_order_price: r ? toDollars(o.orderPrice) : null,
    new_start: r?.requestedDate ?? null,
    new_arrival_time: r?.requestedTime ?? null,
    new_order_price: r ? toDollars(r.price) : null,
    till_auto_reject: tillAutoReject(orderState(o), now),
    truck_number: o.truckNumber,
    helpers_count: o.helpersCount,
    hours_count: o.hoursCount,
    name: o.name,
    email: viewer === 'company' && !revealed ? null : o.email,
    phone: customerPhone,
    secondary_phone: viewer === 'company' && !revealed ? maskPhone(o.secondaryPhone) : o.secondaryPhone,
    customer_phone: customerPhone,
    company_phone_number: ctx.branchPhone,
    company_name: ctx.companyName,
    branch_id: o.branchId,
    branch_name: ctx.branchName,
    zip_code: pickups[0]?.zip_code ?? ctx.branchZip,
    type_moving: TYPE_MOVING[o.typeMoving] ?? String(o.typeMoving),
    service: SERVICE[o.typeService] ?? String(o.typeService),
    type_service: o.typeService,
    bedrooms_count: o.bedroomsCount,
    stories_count: ctx.addresses.reduce((n, a) => n + a.flightsOfStairs, 0),
    type_help: TYPE_HELP[o.typeHelp] ?? String(o.typeHelp),
    type_transportation: o.typeService === 2 ? ['Truck'] : [],
    truck_size: o.truckSize,
    type_payment: o.paymentMethod === 'cash' ? 'Cash Rate' : 'Electronic (card rate)',
    payment_method: o.paymentMethod,
    unique_items: o.uniqueItems,
    // Only the order's customer and company staff get an order view: the links are theirs (decision 013).
    item_photos: o.itemPhotos.flatMap((p) => signedFileUrl(p, now) ?? []),
    notes: o.notes,
    pickups,
    destinations,
    reschedule_request: r
      ? {
          id: r.id,
          status: r.status,
          requested_by: r.requestedBy,
          requested_date: r.requestedDate,
          requested_time: r.requestedTime,
          note: r.note,
          price: toDollars(r.price),
        }
      : null,
    redeem_enabled: Boolean(q.redeem_enabled),
    processing_fee: toDollars(Number(q.processing_fee ?? 0)),
    double_drive_price: toDollars(Number(q.double_drive_price ?? 0)),
    invoice: {
      hourly: toDollars(Number(q.hourly ?? 0)),
      total_for_n_hours: toDollars(Number(q.total_for_n_hours ?? 0)),
      hours_count: o.hoursCount,
      service_fee: toDollars(Number(q.service_fee ?? 0)),
      is_double_drive: Boolean(q.is_double_drive),
      double_drive_price: toDollars(Number(q.double_drive_price ?? 0)),
      processing_fee: toDollars(Number(q.processing_fee ?? 0)),
      coupon_discount: toDollars(Number(q.coupon_discount ?? 0)),
      lines: invoiceLines(q, o.orderPrice).map((l) => ({
        kind: l.kind,
        label: INVOICE_LINE_LABELS[l.kind],
        amount: toDollars(l.amount),
      })),
      total: toDollars(o.orderPrice),
    },
    // The viewer's own review always; the other side's once it is published.
    reviews: ctx.reviews.filter((rv) => rv.is_published || rv.sender_party === viewer),
    cancel_reason: o.cancelReason,
    cancelled_by: o.cancelledBy,
    cancellation_fee: toDollars(o.cancellationFee),
    refund_amount: o.refundStatus ? toDollars(o.refundAmount ?? 0) : null,
    created_at: o.createdAt.toISOString(),
    crew: ctx.crew,
    can_assign_crew: viewer === 'company' && canAssignCrew(orderState(o)),
    ...flagsWithJob(orderFlags(orderState(o), viewer, now), ctx.jobUnderWay),
  };
}

/** While a move day's job is under way, the job page finishes it: the company's Complete is off. */
function flagsWithJob(f: ReturnType<typeof orderFlags>, jobUnderWay: boolean) {
  return jobUnderWay ? { ...f, helperCanComplete: false } : f;
}

export type { TOrderView };
