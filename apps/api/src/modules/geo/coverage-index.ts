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
/**
 * Branches by grid cell: each branch is listed in every CELL_DEG × CELL_DEG cell its covering
 * box touches, so a point's cell holds every branch that may cover it, and few others.
 */
type TSnapshot = { cells: Map<number, TIndexed[]>; loadedAt: number };

/** The grid's cell size in degrees: a 100 km radius touches about 20 cells at 40° N. */
const CELL_DEG = 0.5;
const COLUMNS = 360 / CELL_DEG;
const ROWS = 180 / CELL_DEG;
const rowOf = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
const columnOf = (lng: number) => ((Math.floor((lng + 180) / CELL_DEG) % COLUMNS) + COLUMNS) % COLUMNS;
const cellOf = (row: number, column: number) => row * COLUMNS + column;

/** Lists each branch in the cells of its covering box (longitudes wrap at the antimeridian). */
function grid(rows: TIndexed[]): Map<number, TIndexed[]> {
  const cells = new Map<number, TIndexed[]>();
  for (const r of rows) {
    const firstRow = rowOf(r.latitude - r.latSpan);
    const lastRow = rowOf(r.latitude + r.latSpan);
    const wide = r.lngSpan >= 180;
    const firstColumn = wide ? 0 : Math.floor((r.longitude - r.lngSpan + 180) / CELL_DEG);
    const lastColumn = wide ? COLUMNS - 1 : Math.floor((r.longitude + r.lngSpan + 180) / CELL_DEG);
    const span = Math.min(COLUMNS - 1, lastColumn - firstColumn);
    for (let row = firstRow; row <= lastRow; row++) {
      for (let c = 0; c <= span; c++) {
        const key = cellOf(row, (((firstColumn + c) % COLUMNS) + COLUMNS) % COLUMNS);
        const list = cells.get(key);
        if (list) list.push(r);
        else cells.set(key, [r]);
      }
    }
  }
  return cells;
}

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
        const indexed = rows.map((r): TIndexed => {
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
        });
        const next: TSnapshot = { cells: grid(indexed), loadedAt: now() };
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
      const { cells } = await current();
      const latRad = rad(point.latitude);
      const cosLat = Math.cos(latRad);
      const lngRad = rad(point.longitude);
      const found: (TCoveringBranch & { m: number })[] = [];
      // Every branch that may cover the point is listed in the point's cell.
      for (const r of cells.get(cellOf(rowOf(point.latitude), columnOf(point.longitude))) ?? []) {
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
