import { z } from 'zod';
import { zId, zInt } from './parse.ts';

/*
 * Deliveries as the API answers them (spec: Delivery entity and flags, Item, Delivery details
 * customer; issue 13). The API's view functions return these types and its routes declare these
 * schemas; the web imports the same types. Money in dollars.
 */

/** The pickup or the destination of a delivery. */
export const ZDeliveryAddressView = z.object({
  address: z.string(),
  city_or_town: z.string(),
  state: z.string(),
  zip_code: z.string(),
  type_property: z.string(),
  flights_of_stairs: z.number().int(),
  /** "address, city, state zip": what cards, the letter and the copy button show. */
  full_address: z.string(),
});

/** Spec: Item (weight in lbs; height, width, length in ft). */
export const ZDeliveryItemView = z.object({
  name: z.string(),
  count: z.number().int(),
  weight: z.number(),
  height: z.number(),
  width: z.number(),
  length: z.number(),
});

/**
 * The invoice (spec: Base Price, Processing Fee, optional Tip, Total Payout; decision 016):
 * total_payout = base_price − processing_fee + tip; the customer pays total_price = base_price + tip.
 */
export const ZDeliveryInvoiceView = z.object({
  base_price: z.number(),
  processing_fee: z.number(),
  tip: z.number(),
  total_payout: z.number(),
  total_price: z.number(),
});

/** The server's flags (spec: Delivery entity flags): buttons show only where these allow. */
export const ZDeliveryFlags = z.object({
  canAcceptorAccept: z.boolean(),
  canAcceptorReject: z.boolean(),
  canAcceptorReschedule: z.boolean(),
  canAcceptorCancel: z.boolean(),
  canAcceptorComplete: z.boolean(),
  canAcceptorArchive: z.boolean(),
  canAcceptorReview: z.boolean(),
  canCustomerReschedule: z.boolean(),
  canCustomerCancel: z.boolean(),
  canCustomerArchive: z.boolean(),
  canCustomerComplete: z.boolean(),
  canCustomerReview: z.boolean(),
  canCustomerViewHelperReviews: z.boolean(),
  isArchived: z.boolean(),
  isCompleteButtonVisible: z.boolean(),
  isAcceptorCompleted: z.boolean(),
  can_accept: z.boolean(),
  can_reject: z.boolean(),
  can_cancel: z.boolean(),
});
export type TDeliveryFlagsView = z.infer<typeof ZDeliveryFlags>;

/**
 * The customer as a helper sees them (spec: Delivery details customer). While the viewer may
 * still bid (`can_accept`), the API sends the phone masked (first 9 characters then '****') and
 * no e-mail or second phone: the UI blurs what it has, and there is nothing else to read.
 */
export const ZDeliveryCustomerView = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  secondary_phone: z.string().nullable(),
  /** False while the contact is withheld (masked phone, no e-mail). */
  contact_shown: z.boolean(),
});

/** Who holds the delivery (a labor user, or a company branch). */
export const ZDeliveryAcceptorView = z.object({
  kind: z.enum(['labor', 'company']),
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  /** The public company page (companies only). */
  slug: z.string().nullable(),
});

/** A file of a payout submission: a signed link that expires in 15 to 20 minutes. */
export const ZPayoutFileView = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  type: z.enum(['image/png', 'image/jpeg', 'application/pdf']),
  url: z.string(),
});

export const PAYOUT_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TPayoutSubmissionStatus = (typeof PAYOUT_SUBMISSION_STATUSES)[number];

/** The latest payout submission of a delivery (Get Paid). */
export const ZPayoutSubmissionView = z.object({
  id: z.number().int(),
  status: z.enum(PAYOUT_SUBMISSION_STATUSES),
  helper_note: z.string().nullable(),
  /** The admin's reason when the submission was rejected. */
  reason: z.string().nullable(),
  /** True when the document was signed on the helper's phone (the server made the PDF). */
  signed_on_device: z.boolean(),
  files: z.array(ZPayoutFileView),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});

/** The refund of a cancelled delivery (a card payment less the late-cancellation fee; cash has nothing to refund). */
export const ZDeliveryRefundView = z.object({
  status: z.enum(['pending', 'refunded', 'nothing_to_refund', 'failed']),
  amount: z.number(),
});

export const ZDeliveryView = ZDeliveryFlags.extend({
  id: z.number().int(),
  items_name: z.string(),
  /** The label to show: the status name, or 'Expired – No Company Accepted', or 'Payment Review in Progress'. */
  status: z.string(),
  /** 0 Waiting, 1 New, 2 Accepted, 3 Customer Cancelled, 4 Waiting for Complete, 5 Completed. */
  status_id: z.number().int(),
  is_expired: z.boolean(),
  /** The spec's tooltip on an expired delivery (customers); null otherwise. */
  expired_tooltip: z.string().nullable(),
  /** 'Sedan' | 'Hatchback' | 'Pickup' | 'Truck'. */
  vehicle: z.string(),
  vehicle_type: z.number().int(),
  pickup: ZDeliveryAddressView,
  destination: ZDeliveryAddressView,
  distance_miles: z.number(),
  customer: ZDeliveryCustomerView,
  acceptor: ZDeliveryAcceptorView.nullable(),
  arrival_date: z.string(),
  /** The arrival window's start (HH:MM), as orders. */
  arrival_time: z.string(),
  /** The show-up window shown on cards ("8:00 AM - 9:00 AM"). */
  show_up_time: z.string(),
  time_zone: z.string(),
  /** What the customer pays (base + tip), as the spec's `price`; `original_price` the base price. */
  price: z.number(),
  original_price: z.number(),
  system_fee: z.number(),
  tip: z.number(),
  invoice: ZDeliveryInvoiceView,
  /** Seconds until bidding closes (New only); null otherwise. */
  till_auto_reject: z.number().nullable(),
  bidding_deadline: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  /**
   * For a company viewing a New delivery: its covering branch nearest to the pickup, which
   * "accept" assigns from the All branches view. Null for everyone else.
   */
  nearest_branch: z.object({ id: z.number().int(), name: z.string(), distance_miles: z.number() }).nullable(),
  notes: z.string().nullable(),
  is_home_move: z.boolean(),
  items: z.array(ZDeliveryItemView),
  /** The customer's item photos: signed links. */
  images: z.array(z.object({ id: z.number().int(), path: z.string() })),
  payment_method: z.enum(['cash', 'electronic']),
  paid: z.boolean(),
  /** The latest payout submission: for the acceptor, the customer (status only matters) and admins. */
  payout: ZPayoutSubmissionView.nullable(),
  refund: ZDeliveryRefundView.nullable(),
  cancel_reason: z.string().nullable(),
  cancelled_by: z.enum(['customer', 'acceptor']).nullable(),
  /** Kept by the acceptor from the charge for a late cancel (dollars; decision 029). */
  cancellation_fee: z.number(),
  /** What the cancel gives back (dollars); null until it is cancelled. */
  refund_amount: z.number().nullable(),
  created_at: z.string(),
  /** Move day (issue 28): when the helper pressed On my way, the arrival it promised, and Arrived. */
  on_my_way_at: z.string().nullable(),
  eta_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  /** Proof of delivery: signed links for the acceptor and the customer; null for anyone else. */
  pickup_photo_url: z.string().nullable(),
  dropoff_photo_url: z.string().nullable(),
  /** The acceptor's move-day buttons, decided by the server. */
  can_on_my_way: z.boolean(),
  can_arrive: z.boolean(),
  can_upload_pickup_photo: z.boolean(),
  can_upload_dropoff_photo: z.boolean(),
});
export type TDeliveryView = z.infer<typeof ZDeliveryView>;

/**
 * GET deliveries: the helper dashboard's two tabs, and `history` (every delivery the helper holds
 * or held, archived ones too, newest day first: the Order History page's Delivery tab).
 */
export const DELIVERY_TABS = ['new', 'accepted', 'history'] as const;
export const ZDeliveryListQuery = z.object({
  tab: z.enum(DELIVERY_TABS).default('new'),
  /** A company's branch view (omit for All branches). */
  branch_id: zId().optional(),
  page: zInt(1, 100000).default(1),
  paginate: zInt(1, 100).default(15),
});
export const ZDeliveryCounts = z.object({ new: z.number().int(), accepted: z.number().int() });
export type TDeliveryCounts = z.infer<typeof ZDeliveryCounts>;

/** GET customer/deliveries. */
export const ZCustomerDeliveryListQuery = z.object({
  tab: z.enum(['active', 'archive']).default('active'),
  page: zInt(1, 100000).default(1),
  paginate: zInt(1, 100).default(15),
});

/** POST deliveries/{id}/accept: a company may name the branch; without it, the nearest covering branch. */
export const ZDeliveryAcceptInput = z.object({ branch_id: zId().optional() }).default({});

/** POST customer/deliveries/quote: the server's price for the form as it stands. */
export const ZDeliveryQuoteView = z.object({
  distance_miles: z.number(),
  base_price: z.number(),
  processing_fee: z.number(),
  tip: z.number(),
  total_price: z.number(),
  /** How many labor users and branches cover the pickup (0: nobody would see it). */
  helpers_in_area: z.number().int(),
  lines: z.object({ base_fare: z.number(), distance: z.number(), items: z.number(), weight: z.number() }),
  /** Whether a card payment can be chosen (Stripe configured); false: cash on delivery only. */
  electronic_payments: z.boolean(),
});
export type TDeliveryQuoteView = z.infer<typeof ZDeliveryQuoteView>;

/** One payout submission in the admin's queue. */
export const ZPayoutReviewItem = ZPayoutSubmissionView.extend({
  delivery_id: z.number().int(),
  items_name: z.string(),
  arrival_date: z.string(),
  customer_name: z.string(),
  acceptor_name: z.string(),
  acceptor_kind: z.enum(['labor', 'company']),
  invoice: ZDeliveryInvoiceView,
});
export type TPayoutReviewItem = z.infer<typeof ZPayoutReviewItem>;

export const ZPayoutQueueQuery = z.object({
  status: z.enum(PAYOUT_SUBMISSION_STATUSES).default('pending'),
  page: zInt(1, 100000).default(1),
  paginate: zInt(1, 100).default(20),
});

/** POST customer/deliveries: the delivery made, and the payment page when the customer pays by card now. */
export const ZDeliveryBooked = z.object({
  delivery: ZDeliveryView,
  checkout_url: z.string().nullable(),
});
export type TDeliveryBooked = z.infer<typeof ZDeliveryBooked>;
