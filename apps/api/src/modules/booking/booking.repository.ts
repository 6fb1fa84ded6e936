import {
  and,
  type Column,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  sql,
  type Table,
} from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { blockedDays, branches, companies, discounts, servicePrices, workingDays } from '../../db/schema.ts';
import type { TJob, TTeam } from '../../domain/capacity.ts';

type TQ = TDb | TTx;
export type TBranchBookingData = {
  branch: typeof branches.$inferSelect;
  company: typeof companies.$inferSelect;
  services: (typeof servicePrices.$inferSelect)[];
  workingDays: (typeof workingDays.$inferSelect)[];
  blocked: (typeof blockedDays.$inferSelect)[];
  offer: typeof discounts.$inferSelect | null;
  /**
   * The team and the day's jobs that hold people (decision 019), when loaded; absent = not
   * checked. `team` null: the branch has no members at all, so it is not limited.
   */
  capacity?: TBranchCapacity;
};
export type TBranchCapacity = { team: TTeam | null; jobs: TJob[] };

/** Everything the pricing and availability engines need for many branches on one date: six queries, any count. */
export async function loadBookingData(
  db: TQ,
  branchIds: number[],
  date: string,
  serviceType?: number,
): Promise<Map<number, TBranchBookingData>> {
  const out = new Map<number, TBranchBookingData>();
  if (!branchIds.length) return out;
  const branchRows = await db
    .select()
    .from(branches)
    .where(and(inArray(branches.id, branchIds), isNull(branches.deletedAt)));
  if (!branchRows.length) return out;
  const ids = branchRows.map((b) => b.id);
  const [companyRows, serviceRows, dayRows, blockedRows, offerRows] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(inArray(companies.id, [...new Set(branchRows.map((b) => b.companyId))])),
    db
      .select()
      .from(servicePrices)
      .where(
        and(
          inArray(servicePrices.branchId, ids),
          serviceType ? eq(servicePrices.serviceType, serviceType) : undefined,
        ),
      ),
    db.select().from(workingDays).where(inArray(workingDays.branchId, ids)),
    db
      .select()
      .from(blockedDays)
      .where(and(inArray(blockedDays.branchId, ids), eq(blockedDays.date, date))),
    db
      .select()
      .from(discounts)
      .where(and(inArray(discounts.branchId, ids), eq(discounts.date, date))),
  ]);
  const byBranch = <T extends { branchId: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) m.set(r.branchId, [...(m.get(r.branchId) ?? []), r]);
    return m;
  };
  const svc = byBranch(serviceRows);
  const days = byBranch(dayRows);
  const blocked = byBranch(blockedRows);
  const offers = byBranch(offerRows);
  const companyById = new Map(companyRows.map((c) => [c.id, c]));
  for (const b of branchRows) {
    const company = companyById.get(b.companyId);
    if (!company) continue;
    out.set(b.id, {
      branch: b,
      company,
      services: svc.get(b.id) ?? [],
      workingDays: days.get(b.id) ?? [],
      blocked: blocked.get(b.id) ?? [],
      offer: offers.get(b.id)?.[0] ?? null,
    });
  }
  return out;
}

/**
 * A table's row as Drizzle returns it, from the same row as PostgreSQL's `row_to_json` writes it
 * (column names, JSON values): each value goes through the column's own driver mapping, so
 * timestamps become Dates and the rest stays as the driver would have given it.
 */
function rowFromJson<T extends Table>(table: T): (json: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const v = json[column.name];
      row[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
    }
    return row as T['$inferSelect'];
  };
}

const branchRow = rowFromJson(branches);
const companyRow = rowFromJson(companies);
const serviceRow = rowFromJson(servicePrices);
const workingDayRow = rowFromJson(workingDays);
const blockedRow = rowFromJson(blockedDays);
const offerRow = rowFromJson(discounts);

type TJsonRow = Record<string, unknown>;
/** The branch's own ZIP as the geo service names it (city and state code), or null when unknown. */
export type TBranchPlace = { city_name: string; state_code: string } | null;
/** A branch's booking data for the helper list: also where the branch is. */
export type TSearchBranchData = TBranchBookingData & { place: TBranchPlace };

type TSearchJson = {
  place: TBranchPlace;
  branch: TJsonRow;
  company: TJsonRow | null;
  services: TJsonRow[];
  days: TJsonRow[];
  blocked: TJsonRow[];
  offer: TJsonRow | null;
};

/**
 * The same as `loadBookingData` (every service type) in one query, and the place of each
 * branch's ZIP (the same city and state the geo service's ZIP look-up gives): the helper list
 * loads many branches at a time, and on the embedded database each query costs about as much as
 * a few branches' rows (six queries for 34 branches: ~16 ms of CPU; this one: ~5 ms). Each branch
 * comes back as one JSON document, turned into the rows Drizzle would have returned; crews in id
 * order.
 */
export async function loadSearchData(
  db: TQ,
  branchIds: number[],
  date: string,
): Promise<Map<number, TSearchBranchData>> {
  const out = new Map<number, TSearchBranchData>();
  if (!branchIds.length) return out;
  const ids = `{${branchIds.map((id) => Math.trunc(id)).join(',')}}`;
  const result = (await db.execute(sql`
    select json_build_object(
      'place', (select json_build_object('city_name', ci.name, 'state_code', st.code)
        from zip_codes z join states st on st.id = z.state_id join cities ci on ci.id = z.city_id
        where z.zip = b.zip_code limit 1),
      'branch', row_to_json(b),
      'company', (select row_to_json(c) from companies c where c.id = b.company_id),
      'services', (select coalesce(json_agg(s order by s.id), '[]') from service_prices s where s.branch_id = b.id),
      'days', (select coalesce(json_agg(w), '[]') from working_days w where w.branch_id = b.id),
      'blocked', (select coalesce(json_agg(x), '[]') from blocked_days x where x.branch_id = b.id and x.date = ${date}),
      'offer', (select row_to_json(d) from discounts d where d.branch_id = b.id and d.date = ${date} limit 1)
    )::text as j
    from branches b
    where b.id = any(${ids}::int[]) and b.deleted_at is null`)) as unknown as { rows: { j: string }[] };
  // (Both drivers answer `{ rows }`.)
  for (const { j } of result.rows) {
    const v = JSON.parse(j) as TSearchJson;
    if (!v.company) continue;
    const branch = branchRow(v.branch);
    out.set(branch.id, {
      branch,
      company: companyRow(v.company),
      services: v.services.map(serviceRow),
      workingDays: v.days.map(workingDayRow),
      blocked: v.blocked.map(blockedRow),
      offer: v.offer ? offerRow(v.offer) : null,
      place: v.place,
    });
  }
  return out;
}

/** A branch's blocked days between two dates (both included), for the next free window. */
export function loadBlockedRange(db: TQ, branchId: number, fromDate: string, toDate: string) {
  return db
    .select()
    .from(blockedDays)
    .where(
      and(eq(blockedDays.branchId, branchId), gte(blockedDays.date, fromDate), lte(blockedDays.date, toDate)),
    );
}
