import {
  DELIVERY_EXPIRED_LABEL,
  DELIVERY_EXPIRED_TOOLTIP,
  DELIVERY_STATUS,
  DELIVERY_STATUS_LABELS,
  PAYOUT_REVIEW_LABEL,
  type TDeliveryStatus,
  VEHICLE_TYPES,
} from '@haulpro/shared/delivery';
import type { TDeliveryView, TPayoutReviewItem } from '@haulpro/shared/delivery-view';
import { maskPhone } from '@haulpro/shared/order';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import type { TDeliveryAddress, TPayoutFileRecord } from '../../db/schema.ts';
import { showUpLabel } from '../../domain/delivery-bidding.ts';
import {
  deliveryFlags,
  deliveryTillAutoReject,
  isCustomerContactShown,
  isDeliveryExpired,
  type TDeliveryState,
  type TDeliveryViewer,
} from '../../domain/delivery-machine.ts';
import { toDollars } from '../../domain/money.ts';
import { signedFileUrl } from '../../storage/signed-urls.ts';
import type { TDeliveryContext, TDeliveryRow, TPayoutSubmissionRow } from './deliveries.repository.ts';
import { moveDayFlags, payoutProofRefusal } from './delivery-move-day-rules.ts';

/** The machine's view of a row, for one viewer. */
export function deliveryState(d: TDeliveryRow, rejectedByViewer = false): TDeliveryState {
  return {
    status: d.status as TDeliveryStatus,
    arrivalDate: d.arrivalDate,
    timeZone: d.timeZone,
    deadline: d.biddingDeadline,
    payoutApproved: d.payoutApproved,
    rejectedByViewer,
    archivedByCustomer: d.archivedByCustomer,
    archivedByAcceptor: d.archivedByAcceptor,
    reviewedByCustomer: d.reviewedByCustomer,
    reviewedByAcceptor: d.reviewedByAcceptor,
  };
}

export function fullAddress(a: TDeliveryAddress): string {
  return `${a.address}, ${a.city_or_town}, ${a.state} ${a.zip_code}`;
}

const address = (a: TDeliveryAddress) => ({ ...a, full_address: fullAddress(a) });

const vehicleName = (v: number) => VEHICLE_TYPES.find((t) => t.value === v)?.label ?? 'Vehicle';

export function invoiceOf(d: Pick<TDeliveryRow, 'basePrice' | 'systemFee' | 'tip' | 'totalPrice'>) {
  return {
    base_price: toDollars(d.basePrice),
    processing_fee: toDollars(d.systemFee),
    tip: toDollars(d.tip),
    total_payout: toDollars(d.basePrice - d.systemFee + d.tip),
    total_price: toDollars(d.totalPrice),
  };
}

function fileView(f: TPayoutFileRecord, now: Date) {
  return { id: f.id, name: f.name, size: f.size, type: f.type, url: signedFileUrl(f.path, now) ?? '' };
}

export function payoutSubmissionView(s: TPayoutSubmissionRow, now: Date, withFiles: boolean) {
  return {
    id: s.id,
    status: s.status,
    helper_note: s.helperNote,
    reason: s.reason,
    signed_on_device: s.signedOnDevice,
    files: withFiles ? s.files.map((f) => fileView(f, now)) : [],
    submitted_at: s.createdAt.toISOString(),
    reviewed_at: s.reviewedAt?.toISOString() ?? null,
  };
}

export type TDeliveryViewOptions = {
  viewer: TDeliveryViewer;
  now: Date;
  /** A bidder who rejected it (it stays New for others). */
  rejectedByViewer?: boolean;
  /** A company's branch-level view: it cannot accept new biddings (spec). */
  branchView?: boolean;
  nearestBranch?: { id: number; name: string; distanceKm: number } | null;
};

function statusLabel(d: TDeliveryRow, now: Date): string {
  if (isDeliveryExpired(deliveryState(d), now)) return DELIVERY_EXPIRED_LABEL;
  if (d.status === DELIVERY_STATUS.waitingForComplete) return PAYOUT_REVIEW_LABEL;
  return DELIVERY_STATUS_LABELS[d.status as TDeliveryStatus] ?? 'Unknown';
}

/** A delivery as one viewer may see it (decision 016: the customer's contact only once accepted). */
export function deliveryView(ctx: TDeliveryContext, o: TDeliveryViewOptions): TDeliveryView {
  const d = ctx.row;
  const state = deliveryState(d, o.rejectedByViewer ?? false);
  const flags = deliveryFlags(state, o.viewer, o.now);
  if (o.branchView) {
    flags.canAcceptorAccept = false;
    flags.can_accept = false;
  }
  // Get Paid waits for the drop-off photo once the move-day steps began (the funnel refuses it too).
  if (payoutProofRefusal(d)) flags.canAcceptorComplete = false;
  const expired = isDeliveryExpired(state, o.now);
  const contact = isCustomerContactShown(state, o.viewer);
  const party = o.viewer !== 'bidder';
  const fullName = `${ctx.customer.firstName} ${ctx.customer.lastName}`.trim();
  return {
    ...flags,
    id: d.id,
    items_name: d.itemsName,
    status: statusLabel(d, o.now),
    status_id: d.status,
    is_expired: expired,
    expired_tooltip: expired && o.viewer === 'customer' ? DELIVERY_EXPIRED_TOOLTIP : null,
    vehicle: vehicleName(d.vehicleType),
    vehicle_type: d.vehicleType,
    pickup: address(d.pickup),
    destination: address(d.destination),
    distance_miles: d.distanceMiles,
    customer: {
      id: ctx.customer.id,
      name: ctx.customer.firstName || fullName,
      full_name: fullName,
      phone: contact ? d.phone : maskPhone(d.phone),
      email: contact ? ctx.customer.email : null,
      secondary_phone: null,
      contact_shown: contact,
    },
    acceptor: ctx.acceptor
      ? {
          kind: ctx.acceptor.kind,
          name: ctx.acceptor.name,
          phone: ctx.acceptor.phone,
          address: ctx.acceptor.address,
          branch_id: ctx.acceptor.branchId,
          slug: ctx.acceptor.slug,
        }
      : null,
    arrival_date: d.arrivalDate,
    arrival_time: d.arrivalTime,
    show_up_time: showUpLabel(d.arrivalTime as TShowUpWindow),
    time_zone: d.timeZone,
    price: toDollars(d.totalPrice),
    original_price: toDollars(d.originalPrice),
    system_fee: toDollars(d.systemFee),
    tip: toDollars(d.tip),
    invoice: invoiceOf(d),
    till_auto_reject: deliveryTillAutoReject(state, o.now),
    bidding_deadline: d.status === DELIVERY_STATUS.new ? d.biddingDeadline.toISOString() : null,
    branch_id: d.acceptorBranchId,
    nearest_branch:
      o.nearestBranch && d.status === DELIVERY_STATUS.new
        ? {
            id: o.nearestBranch.id,
            name: o.nearestBranch.name,
            distance_miles: Math.round((o.nearestBranch.distanceKm / 1.609344) * 10) / 10,
          }
        : null,
    notes: d.notes,
    is_home_move: d.isHomeMove,
    items: ctx.items.map((i) => ({
      name: i.name,
      count: i.count,
      weight: i.weight,
      height: i.height,
      width: i.width,
      length: i.length,
    })),
    // Every helper in the area sees the items' photos: they decide whether to bid from them.
    images: ctx.images.flatMap((i) => {
      const path = signedFileUrl(i.path, o.now);
      return path ? [{ id: i.id, path }] : [];
    }),
    payment_method: d.paymentMethod,
    paid: d.paidAt !== null,
    // The acceptor, the customer and admins see the submission and its documents; bidders nothing.
    payout: party && ctx.payout ? payoutSubmissionView(ctx.payout, o.now, true) : null,
    refund: d.refundStatus ? { status: d.refundStatus, amount: toDollars(d.refundAmount ?? 0) } : null,
    cancel_reason: party ? d.cancelReason : null,
    cancelled_by: d.cancelledBy,
    cancellation_fee: toDollars(d.cancellationFee),
    refund_amount: d.refundStatus ? toDollars(d.refundAmount ?? 0) : null,
    created_at: d.createdAt.toISOString(),
    ...moveDayView(d, o.viewer, o.now),
  };
}

/** Move day (issue 28): the steps' times, the proof photos (acceptor and customer) and the acceptor's buttons. */
function moveDayView(d: TDeliveryRow, viewer: TDeliveryViewer, now: Date) {
  const party = viewer !== 'bidder';
  const photo = (p: string | null) => (party && p ? signedFileUrl(p, now) : null);
  return {
    on_my_way_at: d.onMyWayAt?.toISOString() ?? null,
    eta_at: d.etaAt?.toISOString() ?? null,
    arrived_at: d.arrivedAt?.toISOString() ?? null,
    pickup_photo_url: photo(d.pickupPhoto),
    dropoff_photo_url: photo(d.dropoffPhoto),
    ...moveDayFlags(d, viewer, now),
  };
}

/** One submission in the admin's queue. */
export function payoutReviewItem(
  s: TPayoutSubmissionRow,
  d: TDeliveryRow,
  names: { customer: string; acceptor: string; acceptorKind: 'labor' | 'company' },
  now: Date,
): TPayoutReviewItem {
  return {
    ...payoutSubmissionView(s, now, true),
    delivery_id: d.id,
    items_name: d.itemsName,
    arrival_date: d.arrivalDate,
    customer_name: names.customer,
    acceptor_name: names.acceptor,
    acceptor_kind: names.acceptorKind,
    invoice: invoiceOf(d),
  };
}
