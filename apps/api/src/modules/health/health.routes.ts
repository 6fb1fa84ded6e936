import { MSG } from '@haulpro/shared/messages';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';
import { dbErrorCode } from '../../http/db-errors.ts';
import { DB_RETRY_AFTER_SECONDS } from '../../http/error-handler.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';

export function healthRoutes(app: TApp, { deps }: Pick<TRouteDeps<never>, 'deps'>): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check: 200 when the database answers, 503 while it is down',
        response: {
          200: z.object({ data: z.object({ status: z.literal('ok'), database: z.string() }) }),
          503: z.object({
            message: z.string(),
            data: z.object({ status: z.literal('down'), database: z.string() }),
          }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await pingDatabase(deps.db);
        return { data: { status: 'ok' as const, database: deps.config.database.kind } };
      } catch (err) {
        deps.log.warn({ code: dbErrorCode(err) }, 'health check: the database is down');
        reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
        return reply.code(503).send({
          message: MSG.databaseDown,
          data: { status: 'down' as const, database: deps.config.database.kind },
        });
      }
    },
  );
}
