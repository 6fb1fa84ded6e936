import { showUpLabel } from '@haulpro/shared/order-wire';

/** An arrival window ("8-9") as the order cards write it ("8 am - 9 am"); other times as they are. */
export function arrivalText(time: string): string {
  return /^\d{1,2}-\d{1,2}$/.test(time) ? showUpLabel(time).replace('Arrival between ', '') : time;
}
