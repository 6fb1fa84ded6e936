import type { TMapConfig } from '@haulpro/shared/map';
import { useQuery } from '@tanstack/react-query';
import { api, PUBLIC_BASE } from '../../lib/api-client.ts';

/**
 * The map background the server offers (MAP_TILE_URL): a tile URL template, or none when tiles
 * are off or the tile server does not answer. Asked once per visit; a failure means no tiles.
 */
export function useMapConfig(): TMapConfig | null {
  const query = useQuery({
    queryKey: ['map', 'config'],
    queryFn: () => api.get<TMapConfig>('map', { base: PUBLIC_BASE, errorToast: false, successToast: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return query.data ?? null;
}
