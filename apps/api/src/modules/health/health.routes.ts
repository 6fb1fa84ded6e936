import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../routes.ts';

export function healthRoutes(app: TApp, { deps }: TRouteDeps): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ data: z.object({ status: z.literal('ok'), database: z.string() }) }),
          503: z.object({ message: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await pingDatabase(deps.db);
        return { data: { status: 'ok' as const, database: deps.config.database.kind } };
      } catch (err) {
        deps.log.error({ err }, 'health check failed');
        return reply.code(503).send({ message: 'Database unavailable' });
      }
    },
  );
}
