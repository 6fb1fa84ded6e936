import { ZNotification } from '@haulpro/shared/notifications';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody, ZPageQuery, ZPaginated } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import { plainJson } from '../../http/plain-json.ts';
import { sendJsonBody } from '../../http/send-json-body.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TNotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

export function notificationsRoutes(app: TApp, { service, auth }: TRouteDeps<TNotificationsService>): void {
  const svc = service;

  app.get(
    '/notifications',
    {
      // Sent as kept JSON of the 200 schema (response-views.test.ts checks the fields).
      ...plainJson,
      preHandler: auth(),
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unread count',
        querystring: ZPageQuery,
        response: { 200: ZPaginated(ZNotification, { unread_count: z.number().int() }) },
      },
    },
    async (req, reply) =>
      sendJsonBody(req, reply, await svc.listBody(caller(req).user.id, req.query.page, req.query.per_page)),
  );

  app.post(
    '/notifications/read-all',
    {
      preHandler: auth(),
      schema: { tags, summary: 'Mark every notification read', response: { 200: ZEnvelope(z.null()) } },
    },
    async (req) => {
      await svc.markAllRead(caller(req).user.id);
      return ok(null);
    },
  );

  app.get(
    '/notifications/:id',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: 'Open a notification (marks it read)',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZNotification), 404: ZErrorBody },
      },
    },
    async (req) => ok(await svc.open(caller(req).user.id, req.params.id)),
  );
}
