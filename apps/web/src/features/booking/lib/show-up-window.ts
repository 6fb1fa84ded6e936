import { showUpLabel } from '@haulpro/shared/order-wire';
import { SHOW_UP_WINDOWS, type TShowUpWindow } from '@haulpro/shared/pricing-constants';

/** Default show-up window (spec: "Arrival between 8 am - 9 am"). */
export const DEFAULT_WINDOW: TShowUpWindow = '8-9';

/** "8-9" as "8 am - 9 am": the spec's show-up sentence without its first words. */
export function windowLabel(window: string): string {
  return showUpLabel(window).replace(/^Arrival between /, '');
}

export const WINDOW_OPTIONS = SHOW_UP_WINDOWS.map((w) => ({ value: w, label: windowLabel(w) }));

export function isShowUpWindow(value: string | null | undefined): value is TShowUpWindow {
  return (SHOW_UP_WINDOWS as readonly (string | null | undefined)[]).includes(value);
}
