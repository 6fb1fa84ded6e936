import { CALENDAR_MSG, ZCalendarAnswer, ZCalendarFeed, ZCalendarQuery } from '@haulpro/shared/calendar';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import { plainJson } from '../../http/plain-json.ts';
import { sendJsonBody } from '../../http/send-json-body.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TCalendarService } from './calendar.service.ts';

/** `br` accepted (and not refused with q=0). */

export function calendarRoutes(app: TApp, { service, auth }: TRouteDeps<TCalendarService>): void {
  app.get(
    '/calendar',
    {
      ...plainJson,
      preHandler: auth('staff'),
      schema: {
        tags: ['calendar'],
        summary:
          'A visible range of the company calendar: orders with the chosen statuses and blocked time (all branches without branch_id)',
        querystring: ZCalendarQuery,
        response: { 200: ZEnvelope(ZCalendarAnswer), 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req, reply) => {
      const body = await service.rangeBody(caller(req), req.query);
      return sendJsonBody(req, reply, body);
    },
  );

  const errors = { 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
  app.get(
    '/branches/:id/calendar-feed',
    {
      preHandler: auth('staff'),
      schema: {
        tags: ['calendar'],
        summary: "A branch's private iCalendar feed (its path, or null before staff create one)",
        params: ZIdParam,
        response: { 200: ZEnvelope(ZCalendarFeed), ...errors },
      },
    },
    async (req) => ok(await service.feed(caller(req), req.params.id)),
  );
  app.post(
    '/branches/:id/calendar-feed',
    {
      preHandler: auth('staff'),
      schema: {
        tags: ['calendar'],
        summary: "Creates the branch's private feed, or replaces its secret (the old link stops working)",
        params: ZIdParam,
        response: { 200: ZEnvelope(ZCalendarFeed), ...errors },
      },
    },
    async (req) => ok(await service.regenerateFeed(caller(req), req.params.id), CALENDAR_MSG.feedReady),
  );
}

/** The feed itself, under /api/public: calendar apps fetch it without a session (the secret is the key). */
export function publicCalendarRoutes(app: TApp, { service }: TRouteDeps<TCalendarService>): void {
  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: "A branch's jobs as iCalendar (text/calendar), from its private link",
        params: z.object({ file: z.string().max(80) }),
        response: { 404: ZErrorBody },
      },
    },
    async (req, reply) => {
      const body = await service.ics(req.params.file);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="haulpro.ics"')
        .send(body as never);
    },
  );
}
