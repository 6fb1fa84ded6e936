import { ZThreadQuery } from '@haulpro/shared/talk';
import { ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import { ZThreadPage } from './messages.routes.ts';
import type { TMessagesService } from './messages.service.ts';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/** The admin reads a thread (under /api/admin), read-only: nothing is marked read. */
export function adminMessagesRoutes(app: TApp, { service, auth }: TRouteDeps<TMessagesService>): void {
  const admin = auth('admin');
  app.get(
    '/payouts/:id/messages',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        summary: "The thread of a payout submission's delivery (read-only)",
        params: ZIdParam,
        querystring: ZThreadQuery,
        response: { 200: ZThreadPage, ...errors },
      },
    },
    async (req) => service.adminRead('payout', req.params.id, req.query.page),
  );
  app.get(
    '/orders/:id/messages',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        summary: "An order's thread, for a disputed bill (read-only)",
        params: ZIdParam,
        querystring: ZThreadQuery,
        response: { 200: ZThreadPage, ...errors },
      },
    },
    async (req) => service.adminRead('order', req.params.id, req.query.page),
  );
}
