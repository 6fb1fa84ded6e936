import { z } from 'zod';
import { ZOrderCrewMember } from './crew.ts';
import { ZJobLine } from './job-line.ts';
import { ZReviewView } from './review-view.ts';

/*
 * The order as the API answers it (spec: Order entity, Address, Invoice, Reschedule request and
 * the flags). The API's view function returns this type and its routes declare these schemas, so
 * /api/docs documents every field and a field added on one side only fails the typecheck. The web
 * reads the same type (order-wire.ts re-exports it as TOrder). Money in dollars.
 */

/** An address of an order (spec: Address, with the detail view's city and stairs). */
export const ZOrderAddressView = z.object({
  address: z.string(),
  city_or_town: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  type_property: z.string(),
  flights_of_stairs: z.number().int(),
  flights_of_stairs_text: z.string(),
  stairs: z.object({ display: z.string() }),
});

/** A pending reschedule request (spec: Reschedule request). */
export const ZRescheduleRequestView = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requested_by: z.enum(['company', 'customer']),
  requested_date: z.string(),
  requested_time: z.string(),
  note: z.string(),
  price: z.number(),
});

/** What each invoice line is; the web labels them with INVOICE_LINE_LABELS. */
export const ZInvoiceLineKind = z.enum([
  'labor',
  'double_drive',
  'bedrooms',
  'equipment',
  'date_adjustment',
  'service_fee',
  'processing_fee',
  'coupon',
  'adjustment',
]);
export type TInvoiceLineKind = z.infer<typeof ZInvoiceLineKind>;

export const INVOICE_LINE_LABELS: Record<TInvoiceLineKind, string> = {
  labor: 'Hourly',
  double_drive: 'Double drive',
  bedrooms: 'Bedrooms',
  equipment: 'Equipment',
  date_adjustment: 'Date discount or surcharge',
  service_fee: 'Service fee',
  processing_fee: 'Processing fee',
  coupon: 'Coupon',
  adjustment: 'Price adjustment',
};

/** One line of an invoice in dollars; discounts and coupons are negative. */
export const ZInvoiceLine = z.object({ kind: ZInvoiceLineKind, label: z.string(), amount: z.number() });

/** The order's invoice, in dollars. */
export const ZOrderInvoiceView = z.object({
  hourly: z.number(),
  total_for_n_hours: z.number(),
  /** Hours may be half hours (2.5). */
  hours_count: z.number(),
  service_fee: z.number(),
  is_double_drive: z.boolean(),
  double_drive_price: z.number(),
  processing_fee: z.number(),
  /** What a coupon took off (Invite a friend, decision 022); 0 without one. */
  coupon_discount: z.number(),
  /** Every fee, discount and coupon of the price: they always sum to `total`. */
  lines: z.array(ZInvoiceLine),
  total: z.number(),
});

/** The server's flags: buttons show only where these allow (decision 007). */
export const ZOrderFlags = z.object({
  isHelperBeingRescheduled: z.boolean(),
  isCustomerBeingRescheduled: z.boolean(),
  customerCanReschedule: z.boolean(),
  customerCanComplete: z.boolean(),
  customerCanCancel: z.boolean(),
  customerCanArchive: z.boolean(),
  customerCanReview: z.boolean(),
  customerCanRespondToReschedule: z.boolean(),
  customerCanHireNewHelper: z.boolean(),
  isCustomerReadyToComplete: z.boolean(),
  helperCanAccept: z.boolean(),
  helperCanReject: z.boolean(),
  helperCanReschedule: z.boolean(),
  helperCanComplete: z.boolean(),
  helperCanCancel: z.boolean(),
  helperCanArchive: z.boolean(),
  helperCanReview: z.boolean(),
  helperCanRespondToReschedule: z.boolean(),
  can_accept: z.boolean(),
  can_reject: z.boolean(),
  can_cancel: z.boolean(),
  isArchived: z.boolean(),
});

export const ZOrderView = ZOrderFlags.extend({
  id: z.number().int(),
  status: z.string(),
  status_id: z.number().int(),
  start: z.string(),
  arrival_date: z.string(),
  arrival_time: z.string(),
  order_price: z.number(),
  old_order_price: z.number().nullable(),
  new_start: z.string().nullable(),
  new_arrival_time: z.string().nullable(),
  new_order_price: z.number().nullable(),
  /** Seconds until the company's answer is due; null when no deadline runs. */
  till_auto_reject: z.number().nullable(),
  truck_number: z.number().int().nullable(),
  helpers_count: z.number().int(),
  /** Hours may be half hours (2.5). */
  hours_count: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  secondary_phone: z.string().nullable(),
  customer_phone: z.string().nullable(),
  company_phone_number: z.string().nullable(),
  company_name: z.string(),
  branch_id: z.number().int(),
  branch_name: z.string(),
  zip_code: z.string(),
  type_moving: z.string(),
  service: z.string(),
  /** 1 helpers only, 2 helpers and trucks (the id behind `service`). */
  type_service: z.number().int(),
  bedrooms_count: z.number().int(),
  stories_count: z.number().int(),
  type_help: z.string(),
  type_transportation: z.array(z.string()),
  truck_size: z.string().nullable(),
  type_payment: z.string(),
  payment_method: z.string(),
  unique_items: z.string().nullable(),
  /** The customer's photos of heavy or unique items: signed links that expire in 15 to 20 minutes. */
  item_photos: z.array(z.string()),
  notes: z.string().nullable(),
  pickups: z.array(ZOrderAddressView),
  destinations: z.array(ZOrderAddressView),
  reschedule_request: ZRescheduleRequestView.nullable(),
  redeem_enabled: z.boolean(),
  processing_fee: z.number(),
  double_drive_price: z.number(),
  invoice: ZOrderInvoiceView,
  /** Reviews written on this order that the viewer may see (their own, and published ones). */
  reviews: z.array(ZReviewView),
  cancel_reason: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  /** Kept by the company from the charge for a late cancel (dollars; decision 029). */
  cancellation_fee: z.number(),
  /** What the cancel gives back (dollars); null until it is cancelled. */
  refund_amount: z.number().nullable(),
  created_at: z.string(),
  /** The crew members staff assigned to the order. */
  crew: z.array(ZOrderCrewMember),
  /** Staff may assign the crew now (an accepted order, or one being rescheduled or completed after it). */
  can_assign_crew: z.boolean(),
  /**
   * The customer's list only (GET customer/orders): the move day's job at a glance, null when
   * the order is not on its move day or its crew took no step yet. Other answers leave it out.
   */
  job_line: ZJobLine.nullable().optional(),
});
export type TOrderView = z.infer<typeof ZOrderView>;

/** POST customer/orders: the order made, and the payment page when the customer pays by card now. */
export const ZBookingAnswer = z.object({
  order: ZOrderView,
  checkout_url: z.string().nullable(),
});
export type TBookingAnswer = z.infer<typeof ZBookingAnswer>;
