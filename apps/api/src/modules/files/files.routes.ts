import { z } from 'zod';
import { ZErrorBody } from '../../http/envelope.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TFilesService } from './files.service.ts';

/** GET /api/files/{folder}/{name}?expires&sig: a private upload through a signed link (no bearer: an <img> cannot send one). */
export function filesRoutes(app: TApp, { service }: TRouteDeps<TFilesService>): void {
  app.get(
    '/:folder/:name',
    {
      schema: {
        tags: ['files'],
        security: [],
        summary: 'A private upload (an order’s item photo) by the signed link the order view gave',
        params: z.object({ folder: z.string().max(40), name: z.string().max(80) }),
        querystring: z.object({
          expires: z.string().max(20).optional(),
          sig: z.string().max(100).optional(),
        }),
        response: {
          200: z.unknown().describe('The file (image/png, image/jpeg or application/pdf), private, nosniff'),
          403: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (req, reply) => {
      const { folder, name } = req.params;
      const f = await service.open(folder, name, req.query.expires, req.query.sig);
      return reply
        .type(f.mime)
        .header('content-length', String(f.size))
        .header('cache-control', `private, max-age=${f.maxAgeSeconds}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', f.mime === 'application/pdf' ? 'attachment' : 'inline')
        .send(f.stream);
    },
  );
}
