import type { TTimesheets, TTimesheetsQuery } from '@haulpro/shared/timesheets';
import { staffCompanyId } from '../../access/company-scope.ts';
import type { TAuth, TDeps } from '../../context.ts';
import { dayjs } from '../../domain/dayjs-tz.ts';
import { notFound } from '../../domain/errors.ts';
import {
  decimalHours,
  jobBreaks,
  memberMinutes,
  type TSpan,
  type TTimesheetEntry,
  timesheetRows,
  weekOf,
  weekRange,
} from '../../domain/timesheet.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import { findBreakSteps, findCrewTimes } from './timesheets.repository.ts';

/** The modules the timesheets read: their services, handed in by modules/services.ts. */
type TTimesheetsFronts = { branches: Pick<TBranchesService, 'companyBranch' | 'mainBranch'> };

type TWeek = {
  answer: TTimesheets;
  timeZone: string;
  emails: Map<number, string>;
};

const CSV_HEADER = ['Member', 'Email', 'Date', 'Order', 'Start', 'Finish', 'Minutes', 'Hours'];

/** A field quoted when it holds a quote, a comma or a line break; a leading formula sign defused. */
function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const localTime = (iso: string | null, timeZone: string) =>
  iso ? dayjs(iso).tz(timeZone).format('YYYY-MM-DD HH:mm') : '';

/** Hours per crew member per week from the job clock (issue 28 item 9), and their CSV for payroll. */
export function createTimesheetsService({ db, clock }: TDeps, { branches }: TTimesheetsFronts) {
  async function week(auth: TAuth, q: TTimesheetsQuery): Promise<TWeek> {
    const companyId = staffCompanyId(auth);
    const branch = q.branch_id
      ? await branches.companyBranch(companyId, q.branch_id)
      : await branches.mainBranch(companyId);
    if (!branch) throw notFound();
    const { start, end } = weekOf(q.week);
    const range = weekRange(start, branch.timeZone);
    const now = clock.now();
    const times = await findCrewTimes(db, companyId, branch.id, range.from, range.to);
    const orderIds = [...new Set(times.map((t) => t.orderId))];
    const steps = await findBreakSteps(db, orderIds);
    const jobs = new Map<number, { breaks: TSpan[]; finishedAt: Date | null }>();
    for (const id of orderIds) {
      const own = steps.filter((s) => s.orderId === id);
      jobs.set(id, {
        breaks: jobBreaks(own, now),
        finishedAt: own.find((s) => s.type === 'finish')?.at ?? null,
      });
    }
    const emails = new Map<number, string>();
    const entries: TTimesheetEntry[] = [];
    for (const t of times) {
      if (!t.startedAt) continue;
      const job = jobs.get(t.orderId) ?? { breaks: [], finishedAt: null };
      emails.set(t.crewId, t.email);
      entries.push({
        crewId: t.crewId,
        name: `${t.firstName} ${t.lastName}`.trim(),
        orderId: t.orderId,
        startedAt: t.startedAt,
        finishedAt: t.finishedAt ?? job.finishedAt,
        minutes: memberMinutes(
          { startedAt: t.startedAt, finishedAt: t.finishedAt },
          job.finishedAt,
          job.breaks,
          now,
        ),
      });
    }
    const { rows, totalMinutes } = timesheetRows(entries, start, branch.timeZone);
    return {
      timeZone: branch.timeZone,
      emails,
      answer: {
        week_start: start,
        week_end: end,
        total_minutes: totalMinutes,
        time_zone: branch.timeZone,
        rows: rows.map((r) => ({
          crew_id: r.crewId,
          name: r.name,
          minutes: r.minutes,
          days: r.days,
          jobs: r.jobs.map((j) => ({
            order_id: j.orderId,
            date: j.date,
            started_at: j.startedAt.toISOString(),
            finished_at: j.finishedAt?.toISOString() ?? null,
            minutes: j.minutes,
          })),
        })),
      },
    };
  }

  return {
    /** GET dashboard/timesheets: the week's rows of the branch (the main one unless asked). */
    async week(auth: TAuth, q: TTimesheetsQuery): Promise<TTimesheets> {
      return (await week(auth, q)).answer;
    },

    /** GET dashboard/timesheets.csv: one line per member and job, in the branch's local time. */
    async csv(auth: TAuth, q: TTimesheetsQuery): Promise<{ filename: string; body: string }> {
      const { answer, timeZone, emails } = await week(auth, q);
      const lines = answer.rows.flatMap((r) =>
        r.jobs.map((j) =>
          [
            csvText(r.name),
            csvText(emails.get(r.crew_id) ?? ''),
            j.date,
            String(j.order_id),
            localTime(j.started_at, timeZone),
            localTime(j.finished_at, timeZone),
            String(j.minutes),
            decimalHours(j.minutes),
          ].join(','),
        ),
      );
      return {
        filename: `haulpro-timesheets-${answer.week_start}.csv`,
        body: `${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`,
      };
    },
  };
}

export type TTimesheetsService = ReturnType<typeof createTimesheetsService>;
