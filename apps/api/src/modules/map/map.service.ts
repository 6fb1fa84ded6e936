import type { TMapConfig } from '@haulpro/shared/map';
import type { TDeps } from '../../context.ts';

/** How long a probe's verdict holds: long when the tiles answer, short when they did not. */
const REACHABLE_FOR_MS = 30 * 60_000;
const UNREACHABLE_FOR_MS = 60_000;
const PROBE_TIMEOUT_MS = 2500;

/** The world tile (zoom 0) of a tile URL template: `{z}/{x}/{y}` → `0/0/0`, `{s}` → `a`. */
export function firstTileUrl(template: string): string {
  return template
    .replace('{z}', '0')
    .replace('{x}', '0')
    .replace('{y}', '0')
    .replace('{s}', 'a')
    .replace('{r}', '');
}

/**
 * The map background the web app should use (MAP_TILE_URL, decision 014). Tiles are the one
 * thing fetched from outside at run time, and they are optional: the server asks the tile
 * server for one tile now and then, and while it does not answer (an offline install, a
 * blocked network) the app gets no tile URL and draws the circle and the marker on a plain
 * background, instead of every browser logging a failed request per tile.
 */
export function createMapService({ config }: Pick<TDeps, 'config'>) {
  const { tileUrl, attribution } = config.map;
  let verdict: { reachable: boolean; until: number } | null = null;
  let probing: Promise<boolean> | null = null;

  async function probe(url: string): Promise<boolean> {
    try {
      const res = await fetch(firstTileUrl(url), {
        method: 'GET',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        headers: { 'user-agent': 'Haulpro map check (+https://haulpro.local)' },
      });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  }

  async function reachable(url: string): Promise<boolean> {
    const now = Date.now();
    if (verdict && verdict.until > now) return verdict.reachable;
    probing ??= probe(url).then((ok) => {
      verdict = { reachable: ok, until: Date.now() + (ok ? REACHABLE_FOR_MS : UNREACHABLE_FOR_MS) };
      probing = null;
      return ok;
    });
    return probing;
  }

  return {
    async mapConfig(): Promise<TMapConfig> {
      if (!tileUrl) return { tile_url: null, attribution: '' };
      return { tile_url: (await reachable(tileUrl)) ? tileUrl : null, attribution };
    },
  };
}

export type TMapService = ReturnType<typeof createMapService>;
