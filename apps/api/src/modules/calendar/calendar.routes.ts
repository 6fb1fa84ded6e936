import { ZCalendarAnswer, ZCalendarQuery } from '@haulpro/shared/calendar';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../services.ts';

export function calendarRoutes(app: TApp, { services, auth }: TRouteDeps): void {
  app.get(
    '/calendar',
    {
      preHandler: auth('staff'),
      schema: {
        tags: ['calendar'],
        summary:
          'A visible range of the company calendar: orders with the chosen statuses and blocked time (all branches without branch_id)',
        querystring: ZCalendarQuery,
        response: { 200: ZEnvelope(ZCalendarAnswer), 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) => ok(await services.calendar.range(caller(req), req.query)),
  );
}
