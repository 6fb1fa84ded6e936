import type { TDb } from '../../db/client.ts';
import { listCoverageRows } from './geo.repository.ts';

/** earthdistance's sphere (its `earth()`, in metres): the same distances as the SQL coverage query. */
const EARTH_RADIUS_M = 6378168;
/**
 * How long a snapshot serves before it is reloaded in the background. Changes made through this
 * process reload it at once, and so do changes other processes commit (the branches and companies
 * triggers' notices, when the change feed is up); the TTL covers a feed that was down.
 */
export const COVERAGE_INDEX_TTL_MS = 5 * 60_000;

type TRow = Awaited<ReturnType<typeof listCoverageRows>>[number];
export type TCoveringBranch = Omit<TRow, 'latitude' | 'longitude'> & { distance_km: number };

type TIndexed = TRow & { latRad: number; cosLat: number; lngRad: number; latSpan: number; lngSpan: number };
/** Rows by latitude, and the widest latitude band any branch covers, for a binary search. */
type TSnapshot = { rows: TIndexed[]; maxLatSpan: number; loadedAt: number };

/** Metres per degree of latitude on earthdistance's sphere. */
const M_PER_DEG = (Math.PI * EARTH_RADIUS_M) / 180;

const rad = (d: number) => (d * Math.PI) / 180;

/** The great-circle distance in metres, on earthdistance's sphere. */
function metres(latRad: number, cosLat: number, lngRad: number, b: TIndexed): number {
  const dLat = b.latRad - latRad;
  const dLng = b.lngRad - lngRad;
  const h = Math.sin(dLat / 2) ** 2 + cosLat * b.cosLat * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Which branches cover a point, answered from memory: the helper list asks this on every
 * search, and on the embedded database the query alone cost more than the rest of the search
 * (a few milliseconds of single-threaded work per search). The index holds every live branch's
 * place and radius (10,000 branches are about a megabyte). It is reloaded at once after a branch
 * is added, moved or deleted (`invalidate`, `changed`), and in the background after
 * COVERAGE_INDEX_TTL_MS. Booking itself never trusts it: the booking reads the branch again.
 * Same answer as `coveringBranches` (geo.repository.ts): nearest first, then by id.
 */
export function createCoverageIndex(db: TDb, now: () => number = Date.now) {
  let snapshot: TSnapshot | null = null;
  let loading: Promise<TSnapshot> | null = null;
  let version = 0;

  function load(): Promise<TSnapshot> {
    if (loading) return loading;
    const started = version;
    const p: Promise<TSnapshot> = listCoverageRows(db)
      .then((rows) => {
        const indexed = rows
          .map((r): TIndexed => {
            const reach = (r.service_area * 1000) / M_PER_DEG;
            const cosLat = Math.cos(rad(r.latitude));
            return {
              ...r,
              latRad: rad(r.latitude),
              cosLat,
              lngRad: rad(r.longitude),
              // A little wider than the circle: the exact distance decides.
              latSpan: reach * 1.01,
              lngSpan: cosLat > 0.01 ? (reach * 1.01) / cosLat : 360,
            };
          })
          .sort((a, b) => a.latitude - b.latitude);
        const next: TSnapshot = {
          rows: indexed,
          maxLatSpan: indexed.reduce((m, r) => Math.max(m, r.latSpan), 0),
          loadedAt: now(),
        };
        // A branch changed while this load ran: it may have missed the change; never keep it.
        if (started === version) snapshot = next;
        return next;
      })
      .finally(() => {
        if (loading === p) loading = null;
      });
    loading = p;
    return p;
  }

  async function current(): Promise<TSnapshot> {
    if (!snapshot) return load().then((s) => snapshot ?? s);
    if (now() - snapshot.loadedAt > COVERAGE_INDEX_TTL_MS) void load().catch(() => undefined);
    return snapshot;
  }

  return {
    async covering(
      point: { latitude: number; longitude: number },
      limit: number,
    ): Promise<TCoveringBranch[]> {
      const { rows, maxLatSpan } = await current();
      const latRad = rad(point.latitude);
      const cosLat = Math.cos(latRad);
      const lngRad = rad(point.longitude);
      const found: (TCoveringBranch & { m: number })[] = [];
      // Only branches within the widest reach in latitude can cover the point.
      let lo = 0;
      let hi = rows.length;
      const from = point.latitude - maxLatSpan;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (rows[mid]!.latitude < from) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < rows.length; i++) {
        const r = rows[i]!;
        if (r.latitude > point.latitude + maxLatSpan) break;
        if (Math.abs(r.latitude - point.latitude) > r.latSpan) continue;
        const dLng = Math.abs(r.longitude - point.longitude);
        if (Math.min(dLng, 360 - dLng) > r.lngSpan) continue;
        const m = metres(latRad, cosLat, lngRad, r);
        if (m > r.service_area * 1000) continue;
        found.push({
          id: r.id,
          name: r.name,
          slug: r.slug,
          zip_code: r.zip_code,
          service_area: r.service_area,
          company_id: r.company_id,
          company_name: r.company_name,
          distance_km: Math.round(m / 10) / 100,
          m,
        });
      }
      found.sort((a, b) => a.m - b.m || a.id - b.id);
      return found.slice(0, limit).map(({ m: _m, ...b }) => b);
    },
    /** Another process changed a table (the change feed): branches and companies matter here. */
    changed(table: string) {
      if (table === 'branches' || table === 'companies') this.invalidate();
    },
    /** A branch was added, moved, resized or deleted: the next search reads the database. */
    invalidate() {
      version++;
      snapshot = null;
      loading = null; // a load already running may predate the change: the next caller starts anew
    },
  };
}

export type TCoverageIndex = ReturnType<typeof createCoverageIndex>;
