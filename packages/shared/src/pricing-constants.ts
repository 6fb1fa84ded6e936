/** Business constants of pricing and options (spec: rules-calls-errors-constants.md, section 9). */
export const MOVER_SIZE = { min: 1, max: 25 } as const;
export const MINIMUM_HOURS = { min: 1, max: 15 } as const;
export const TRUCK_COUNT = { min: 1, max: 10 } as const;
export const SURGE_SLIDER = { min: 0, max: 100 } as const;
export const TRAVEL_AREA = { min: 1, max: 300 } as const;
export const OPERATING_WINDOW_MAX_DIGITS = 4;

/** Double driving options: none (-1), from the beginning (0), after 5/10/15/20 miles. */
export const DOUBLE_DRIVING_OPTIONS = [-1, 0, 5, 10, 15, 20] as const;
export type TDoubleDriving = (typeof DOUBLE_DRIVING_OPTIONS)[number];
export const DOUBLE_DRIVING_LABELS: Record<TDoubleDriving, string> = {
  [-1]: 'None',
  0: 'From the beginning',
  5: 'After 5 miles',
  10: 'After 10 miles',
  15: 'After 15 miles',
  20: 'After 20 miles',
};

/** Service types: 1 Helpers only, 2 Helpers and trucks. */
export const SERVICE_TYPES = { helpersOnly: 1, helpersAndTrucks: 2 } as const;
export type TServiceType = 1 | 2;

/** Show-up windows (spec) and their start/end hours on a 24-hour clock. */
export const SHOW_UP_WINDOWS = ['7-8', '8-9', '9-10', '10-11', '11-12', '12-3', '1-4', '2-5', '3-6'] as const;
export type TShowUpWindow = (typeof SHOW_UP_WINDOWS)[number];

export function windowHours(window: TShowUpWindow): { start: number; end: number } {
  const [a, b] = window.split('-').map(Number) as [number, number];
  // 7..11 are morning hours; 12 is noon; 1..6 are afternoon hours (13..18).
  const to24 = (h: number) => (h >= 7 && h <= 12 ? h : h + 12);
  return { start: to24(a), end: to24(b) };
}

/** Blocked-time halves (spec: morning 7am-12, afternoon 12-6pm). */
export const MORNING = { start: 7, end: 12 } as const;
export const AFTERNOON = { start: 12, end: 18 } as const;

export const PAYMENT_FEE_TYPES = ['$', '%'] as const;
export type TPaymentFeeType = (typeof PAYMENT_FEE_TYPES)[number];
