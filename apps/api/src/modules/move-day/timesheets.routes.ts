import { ZTimesheets, ZTimesheetsQuery } from '@haulpro/shared/timesheets';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TTimesheetsService } from './timesheets.ts';

const tags = ['teams'];
const errors = { 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/** Teams' Timesheets tab (issue 28 item 9): hours per member per week, and the payroll CSV. */
export function timesheetsRoutes(app: TApp, { service, auth }: TRouteDeps<TTimesheetsService>): void {
  const staff = auth('staff');

  app.get(
    '/timesheets',
    {
      preHandler: staff,
      schema: {
        tags,
        summary:
          "A week's hours per crew member of a branch (the main one without branch_id), from the job clock: minutes per day Monday first, the jobs behind them (week: any day of it, in the branch's time zone)",
        querystring: ZTimesheetsQuery,
        response: { 200: ZEnvelope(ZTimesheets), ...errors },
      },
    },
    async (req) => ok(await service.week(caller(req), req.query)),
  );

  app.get(
    '/timesheets.csv',
    {
      preHandler: staff,
      schema: {
        tags,
        summary:
          "The week's timesheet as CSV for payroll (text/csv): member, email, date, order, start, finish (the branch's local time), minutes, hours",
        querystring: ZTimesheetsQuery,
        response: { ...errors },
      },
    },
    async (req, reply) => {
      const { filename, body } = await service.csv(caller(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body as never);
    },
  );
}
