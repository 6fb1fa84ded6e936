import type { TOrderFilter } from './order.ts';
import type { TReview } from './review.ts';

/** An address of an order as the portal API sends it (spec: Address). */
export type TOrderAddress = {
  address: string;
  city_or_town: string;
  state: string;
  zip_code: string;
  type_property: string;
  flights_of_stairs_text: string;
};

/** A pending reschedule request (spec: Reschedule request). */
export type TRescheduleRequest = {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  requested_by: 'company' | 'customer';
  requested_date: string;
  requested_time: string;
  note: string;
  price: number;
};

/** The order's invoice, in dollars. */
export type TOrderInvoice = {
  hourly: number;
  total_for_n_hours: number;
  hours_count: number;
  service_fee: number;
  is_double_drive: boolean;
  double_drive_price: number;
  processing_fee: number;
  total: number;
};

/** The server's flags: buttons show only where these allow (docs/decisions/007). */
export type TOrderFlags = {
  isHelperBeingRescheduled: boolean;
  isCustomerBeingRescheduled: boolean;
  customerCanReschedule: boolean;
  customerCanComplete: boolean;
  customerCanCancel: boolean;
  customerCanArchive: boolean;
  customerCanReview: boolean;
  customerCanRespondToReschedule: boolean;
  customerCanHireNewHelper: boolean;
  isCustomerReadyToComplete: boolean;
  helperCanAccept: boolean;
  helperCanReject: boolean;
  helperCanReschedule: boolean;
  helperCanComplete: boolean;
  helperCanCancel: boolean;
  helperCanArchive: boolean;
  helperCanReview: boolean;
  helperCanRespondToReschedule: boolean;
  can_accept: boolean;
  can_reject: boolean;
  can_cancel: boolean;
  isArchived: boolean;
};

/** An order on the portal wires (apps/api/src/modules/orders/order-view.ts); money in dollars. */
export type TOrder = TOrderFlags & {
  id: number;
  status: string;
  status_id: number;
  arrival_date: string;
  arrival_time: string;
  order_price: number;
  old_order_price: number | null;
  new_start: string | null;
  new_arrival_time: string | null;
  new_order_price: number | null;
  till_auto_reject: number | null;
  truck_number: number | null;
  helpers_count: number;
  hours_count: number;
  name: string;
  email: string | null;
  phone: string | null;
  secondary_phone: string | null;
  customer_phone: string | null;
  company_phone_number: string | null;
  company_name: string;
  branch_id: number;
  branch_name: string;
  zip_code: string;
  type_moving: string;
  service: string;
  /** 1 helpers only, 2 helpers and trucks (the id behind `service`). */
  type_service: number;
  bedrooms_count: number;
  stories_count: number;
  type_help: string;
  type_transportation: string[];
  truck_size: string | null;
  type_payment: string;
  payment_method: string;
  unique_items: string | null;
  /** The customer's photos of heavy or unique items: signed links that expire in 15 to 20 minutes. */
  item_photos: string[];
  notes: string | null;
  pickups: TOrderAddress[];
  destinations: TOrderAddress[];
  reschedule_request: TRescheduleRequest | null;
  invoice: TOrderInvoice;
  /** Reviews written on this order that the viewer may see (their own, and published ones). */
  reviews: TReview[];
  cancel_reason: string | null;
  cancelled_by: string | null;
  created_at: string;
};

/** orders/counts (spec: Order counts keys). */
export type TOrderCounts = {
  all_orders: number;
  completed_and_accepted_orders: number;
  cancelled_orders: number;
  new_orders: number;
  waiting_for_payment_orders: number;
  rejected_orders: number;
  active_orders: number;
  /** Dollars of accepted, being-completed and completed orders in the range. */
  revenue: number;
};

/** The reschedule price preview (spec: hourly, total_for_n_hours, service_fee, total, hours_count). */
export type TPricePreview = {
  hourly: number;
  total_for_n_hours: number;
  date_adjustment: number;
  service_fee: number;
  total: number;
  hours_count: number;
};

/** Which side of the order the viewer is on; it picks the API prefix and the flags. */
export type TOrderParty = 'company' | 'customer';

export type TOrderListParams = {
  branchId: number | null;
  filter: TOrderFilter;
  page: number;
  arrivalDateIn?: string;
  orderBy?: 'arrival_date' | 'created_at' | 'id' | 'order_price';
  desc?: boolean;
};

/** "8-9" as the spec's sentence: "Arrival between 8 am - 9 am". */
export function showUpLabel(window: string): string {
  const [a, b] = window.split('-').map(Number) as [number, number];
  const suffix = (h: number) => (h >= 7 && h <= 11 ? 'am' : 'pm');
  return `Arrival between ${a} ${suffix(a)} - ${b} ${suffix(b)}`;
}

/** A countdown in seconds as "1d 02h 03m 04s" (days only when above zero); null at zero. */
export function formatCountdown(seconds: number): string | null {
  if (seconds <= 0) return null;
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d > 0 ? `${d}d ` : ''}${pad(h)}h ${pad(m)}m ${pad(sec)}s`;
}
