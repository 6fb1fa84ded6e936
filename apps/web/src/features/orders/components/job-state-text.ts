import { JOB_STATE_LABELS, minutesText, type TJobLine } from '@haulpro/shared/move-day';
import { formatMoney } from '../../../components/money.tsx';
import { dayjs } from '../../../lib/dayjs.ts';

/** A time of the job in the order's own time zone ("10:35 AM"). */
export function clock(iso: string, timeZone: string, format = 'h:mm A'): string {
  try {
    return dayjs(iso).tz(timeZone).format(format);
  } catch {
    return dayjs(iso).format(format);
  }
}

type TJobStateParts = Pick<TJobLine, 'state' | 'eta_at' | 'time_zone' | 'worked_minutes' | 'total'>;

/** The job's state in a sentence: "On the way — arriving about 10:35 AM", "Working — 2 h 15 min so far…". */
export function jobStateText(job: TJobStateParts): string {
  switch (job.state) {
    case 'on_the_way':
      return job.eta_at ? `On the way — arriving about ${clock(job.eta_at, job.time_zone)}` : 'On the way';
    case 'working':
      return `Working — ${minutesText(job.worked_minutes)} so far, about ${formatMoney(job.total)} so far`;
    case 'on_break':
      return `On a break — ${minutesText(job.worked_minutes)} worked so far, about ${formatMoney(job.total)} so far`;
    default:
      return JOB_STATE_LABELS[job.state];
  }
}
