import { dayjs } from './dayjs-tz.ts';

/** The instant at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD) at `hour`:00. */
export function wallTimeToInstant(date: string, hour: number, timeZone: string): Date {
  return dayjs.tz(`${date}T${String(hour).padStart(2, '0')}:00:00`, timeZone).toDate();
}
