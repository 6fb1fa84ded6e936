import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** The browser's IANA zone, sent as X-Timezone so "current week" means the user's week. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export { dayjs };

/** Today (YYYY-MM-DD) on the wall calendar of a time zone: a branch's "today". */
export function todayIn(timeZone: string): string {
  try {
    return dayjs().tz(timeZone).format('YYYY-MM-DD');
  } catch {
    return dayjs().format('YYYY-MM-DD');
  }
}
