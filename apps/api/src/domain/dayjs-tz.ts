import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** dayjs with the utc and timezone plugins loaded (the one place they are registered). */
export { dayjs };
