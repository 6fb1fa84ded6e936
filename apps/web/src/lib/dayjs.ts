import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/*
 * The one dayjs of the web app, with its plugins: import it from here, never from 'dayjs',
 * so the plugins are loaded with the pages that use dates and not with the entry chunk.
 */

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

export { dayjs };

/** Today (YYYY-MM-DD) on the wall calendar of a time zone: a branch's "today". */
export function todayIn(timeZone: string): string {
  try {
    return dayjs().tz(timeZone).format('YYYY-MM-DD');
  } catch {
    return dayjs().format('YYYY-MM-DD');
  }
}
