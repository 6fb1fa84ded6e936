import { ZMapConfig } from '@haulpro/shared/map';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TMapService } from './map.service.ts';

/** GET /api/public/map: the map background for the web app's maps (MAP_TILE_URL). */
export function mapRoutes(app: TApp, { service }: TRouteDeps<TMapService>): void {
  app.get(
    '/map',
    {
      schema: {
        tags: ['public'],
        summary: 'Map tiles for the branch maps: a URL template and its attribution, or no tiles',
        response: { 200: ZMapConfig },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return service.mapConfig();
    },
  );
}
