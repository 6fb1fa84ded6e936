import type { z } from 'zod';
import type { TOrderFilter } from './order.ts';
import type {
  TOrderView,
  ZOrderAddressView,
  ZOrderFlags,
  ZOrderInvoiceView,
  ZRescheduleRequestView,
} from './order-view.ts';

/*
 * The order's answer types come from its schemas (order-view.ts), imported as types only: this
 * module stays free of zod at run time.
 */
export type TOrderAddress = z.infer<typeof ZOrderAddressView>;
export type TRescheduleRequest = z.infer<typeof ZRescheduleRequestView>;
export type TOrderInvoice = z.infer<typeof ZOrderInvoiceView>;
export type TOrderFlags = z.infer<typeof ZOrderFlags>;
/** An order on the portal wires (apps/api/src/modules/orders/order-view.ts); money in dollars. */
export type TOrder = TOrderView;

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
