import { z } from 'zod';
import { JOB_MSG } from './move-day.ts';
import { isCalendarDate, zId } from './parse.ts';

/*
 * Timesheets (issue 28 item 9, decision 030): a week of hours per crew member from the job clock,
 * for Teams' Timesheets tab and the payroll CSV. Moved out of move-day.ts to keep each file under
 * 400 lines; the messages stay in JOB_MSG.
 */

/**
 * GET dashboard/timesheets and timesheets.csv: the query (added by the timesheets work, issue 28
 * item 9). `week` is any day of the week; `branch_id` picks the branch as the calendar does (the
 * company's main branch without it: the web sends its active branch).
 */
export const ZTimesheetsQuery = z.strictObject({
  week: z.string({ error: JOB_MSG.week }).trim().refine(isCalendarDate, JOB_MSG.week),
  branch_id: zId().optional(),
});
export type TTimesheetsQuery = z.infer<typeof ZTimesheetsQuery>;

/** GET dashboard/timesheets?week=YYYY-MM-DD (any day of the week; weeks start on Monday). */
export const ZTimesheetJob = z.object({
  order_id: z.number().int(),
  date: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  minutes: z.number().int(),
});
export const ZTimesheetRow = z.object({
  crew_id: z.number().int(),
  name: z.string(),
  minutes: z.number().int(),
  /** Minutes per day, Monday first (7 entries). */
  days: z.array(z.number().int()),
  jobs: z.array(ZTimesheetJob),
});
export const ZTimesheets = z.object({
  week_start: z.string(),
  week_end: z.string(),
  rows: z.array(ZTimesheetRow),
  total_minutes: z.number().int(),
  /** The branch's time zone, in which the days are counted (added for the web's start–finish times). */
  time_zone: z.string(),
});
export type TTimesheets = z.infer<typeof ZTimesheets>;
