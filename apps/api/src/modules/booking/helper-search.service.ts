import {
  HELPER_PAGE_SIZE,
  helpersForBedrooms,
  SEARCH_MSG,
  type THelperListItem,
  type THelperListMeta,
  type THelperListQuery,
  type THelperSearchQuery,
} from '@haulpro/shared/booking';
import { sortTiers } from '@haulpro/shared/cancellation';
import { windowFullMessage } from '@haulpro/shared/crew';
import { INVALID_ZIP } from '@haulpro/shared/geo';
import { starAverage } from '@haulpro/shared/review';
import type { TStamp } from '../../cache/read-cache.ts';
import type { TDeps } from '../../context.ts';
import { todayIn } from '../../domain/availability.ts';
import { policyOrDefault } from '../../domain/cancellation-policy.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { pageMeta } from '../../domain/paging.ts';
import { quoteInDollars } from '../../domain/pricing.ts';
import type { TCoverageIndex, TCoveringBranch } from '../geo/coverage-index.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TBranchBookingData, TBranchPlace, TSearchBranchData } from './booking.repository.ts';
import { createBookingDataCache, SEARCH_CACHE_TTL_MS } from './booking-data-cache.ts';
import { branchOffer, type TOfferRequest } from './branch-offer.ts';
import { PRICING_TABLES, type TBranchPricing } from './branch-pricing.ts';
import { bounded, CAPACITY_TABLES, createSearchCapacity } from './search-capacity.ts';
import type { TTeamCapacity } from './team-capacity.ts';

const MAX_CANDIDATES = 200;
/**
 * Searches and pickup ZIPs kept at once, and the characters of the pages kept (a page of 20 is
 * about 20,000); a flood of distinct searches only pushes the oldest out sooner.
 */
const MAX_LISTS = 10_000;
const MAX_LIST_CHARS = 64 * 1024 * 1024;
const MAX_COVERING = 20_000;
const kmToMiles = (km: number) => Math.round((km / 1.609344) * 10) / 10;

/** What the coverage index reads: the branches' places and radii, and their companies. */
const COVERAGE_TABLES: readonly string[] = ['branches', 'companies'];
/**
 * Every table a search's answer is read from (helper-list-capacity.test.ts holds the list to
 * what a search reads), but the places' reference data (zip_codes, cities, states), which no
 * request writes. `orders` is read only for its capacity part (CAPACITY_TABLES).
 */
export const SEARCH_TABLES: readonly string[] = [
  ...new Set([...COVERAGE_TABLES, ...PRICING_TABLES, ...CAPACITY_TABLES]),
];

type TZip = NonNullable<Awaited<ReturnType<ReturnType<typeof createGeoService>['zipInfo']>>>;
type TPoints = { from: TZip; to: TZip };

type TOk = Extract<ReturnType<typeof branchOffer>, { ok: true }>;
type TFull = THelperListItem['full'];

/**
 * One search's answer, every page of it: the offers in their final order (each page's JSON made
 * the first time it is asked for) and the meta. Kept while all of these hold:
 * - none of SEARCH_TABLES changed since (this process's writes and every change another process
 *   commits are heard of at once, so a branch added or moved, or a window filled, shows at once;
 *   an accept changes none of them, decision 036);
 * - none of the branch settings it was priced from has left their 30-second cache (decision 009);
 * - "today" is still the same date in every time zone of the branches it judged (availability
 *   counts days from today).
 */
type TList = {
  stamp: TStamp;
  expires: number;
  todays: [timeZone: string, date: string][];
  offers: { d: TSearchBranchData; o: TOk; full: TFull }[];
  /** Each page's whole answer (by page number), and their characters. */
  bodies: Map<number, string>;
  chars: number;
  meta: Omit<THelperListMeta, 'current_page' | 'last_page' | 'per_page'> & { from: TZip; to: TZip };
};

/** Computed searches by key, the oldest forgotten first beyond MAX_LISTS or MAX_LIST_CHARS. */
function createListStore() {
  const lists = new Map<string, TList>();
  let chars = 0;
  function trim() {
    for (const [key, l] of lists) {
      if (lists.size <= MAX_LISTS && chars <= MAX_LIST_CHARS) break;
      lists.delete(key);
      chars -= l.chars;
    }
  }
  return {
    get: (key: string) => lists.get(key),
    set(key: string, l: TList) {
      const old = lists.get(key);
      if (old) chars -= old.chars;
      lists.delete(key);
      lists.set(key, l);
      chars += l.chars;
      trim();
    },
    /** Keeps a page's answer with its search (if the search is still kept). */
    addPage(key: string, l: TList, page: number, body: string) {
      if (l.bodies.has(page)) return;
      l.bodies.set(page, body);
      l.chars += body.length;
      if (lists.get(key) === l) {
        chars += body.length;
        trim();
      }
    },
  };
}

/**
 * The public helper search (GET public/helpers, 20 a page with the total) and one branch's live
 * price (GET public/helpers/{id}). A search is computed once for all its pages and sorts; every
 * page is then a slice of it, so paging is stable and costs no recomputation.
 */
export function createHelperSearchService(
  deps: TDeps,
  geo: ReturnType<typeof createGeoService>,
  coverage: TCoverageIndex,
  {
    loadCapacity,
    nextWindowFor,
    branchPricing,
  }: Pick<TTeamCapacity, 'loadCapacity' | 'nextWindowFor'> & { branchPricing: TBranchPricing },
) {
  const { db, clock, cache } = deps;
  const electronic = () => deps.payments !== null;
  const now = () => clock.now().getTime();
  // The embedded database runs one query at a time: one batch of misses at a time feeds it best.
  const branchData = createBookingDataCache(db, now, deps.config.database.kind === 'postgres' ? 4 : 1);
  const lists = createListStore();
  const running = new Map<string, Promise<TList>>();
  const coveringByZip = new Map<string, { stamp: TStamp; expires: number; rows: TCoveringBranch[] }>();
  const capacityOf = createSearchCapacity(deps, loadCapacity, now);

  async function points(fromZip: string, toZip: string): Promise<TPoints> {
    const [from, to] = await Promise.all([geo.zipInfo(fromZip), geo.zipInfo(toZip)]);
    if (!from || !to) {
      throw invalid({
        ...(from ? {} : { from_zip: [INVALID_ZIP] }),
        ...(to ? {} : { to_zip: [INVALID_ZIP] }),
      });
    }
    return { from, to };
  }

  function checkNotPast(date: string, timeZone: string, field: string) {
    if (date < todayIn(timeZone, clock.now())) throw invalid({ [field]: [SEARCH_MSG.pastDate] });
  }

  function offerRequest(q: THelperSearchQuery, p: TPoints, at: Date): TOfferRequest {
    return {
      typeService: q.type_service === 2 ? 2 : 1,
      helpers: q.helpers_count ?? helpersForBedrooms(q.bedrooms_count),
      exact: false,
      hours: q.hours_count,
      bedrooms: q.bedrooms_count,
      date: q.from_date,
      window: q.arrival_time,
      paymentMethod: q.payment_method === 'electronic' && electronic() ? 'electronic' : 'cash',
      equipment: [],
      pickup: p.from,
      destination: p.to,
      now: at,
    };
  }

  /** A branch with its offer as the list shows it (`place`: the branch's own ZIP, for its city). */
  function listItem(d: TBranchBookingData, o: TOk, place: TBranchPlace, full: TFull): THelperListItem {
    const b = d.branch;
    return {
      branch_id: b.id,
      branch_name: b.name,
      company_name: d.company.name,
      slug: b.slug,
      logo: b.logo ?? d.company.logo ?? null,
      zip_code: b.zipCode,
      city: place?.city_name ?? null,
      state: place?.state_code ?? null,
      distance_miles: kmToMiles(o.distanceToPickupKm),
      rating: starAverage(b.ratingSum, b.reviewsCount),
      reviews_count: b.reviewsCount,
      services: o.services
        .map((s) => ({
          id: s.id,
          service_type: s.serviceType,
          employees_count: s.employeesCount,
          truck_number: s.truckNumber ?? 0,
          truck_size: s.truckSize,
          minimum_hours: s.minimumHours,
          hourly: toDollars(s.baseHourlyRate),
        }))
        .sort((a, c) => a.employees_count - c.employees_count),
      service_id: o.service.id,
      helpers_count: o.service.employeesCount,
      hours_count: o.quote.hours_count,
      payment_methods: electronic() ? ['cash', 'electronic'] : ['cash'],
      cancellation_policy: sortTiers(policyOrDefault(d.company.cancellationPolicy)),
      quote: quoteInDollars(o.quote),
      full,
    };
  }

  /** The branches covering a pickup ZIP, nearest first (the coverage index), kept per ZIP until a branch changes. */
  async function coveringOf(zip: string, point: TZip): Promise<TCoveringBranch[]> {
    const t = now();
    const stamp = cache.stamp(COVERAGE_TABLES);
    const hit = coveringByZip.get(zip);
    if (hit && hit.expires > t && cache.fresh(hit.stamp)) return hit.rows;
    const rows = await coverage.covering(point, MAX_CANDIDATES);
    if (cache.hears(COVERAGE_TABLES) && cache.fresh(stamp))
      bounded(coveringByZip, zip, { stamp, expires: t + SEARCH_CACHE_TTL_MS, rows }, MAX_COVERING);
    return rows;
  }

  /** Everything a search's answer depends on, and nothing else (type_moving and to_date do not price). */
  function searchKey(q: THelperSearchQuery, r: TOfferRequest): string {
    return [
      q.from_zip,
      q.to_zip,
      q.from_date,
      r.typeService,
      r.helpers,
      r.hours ?? '',
      r.bedrooms,
      r.window,
      r.paymentMethod,
      q.sort,
    ].join('|');
  }

  function fresh(l: TList, at: Date): boolean {
    if (l.expires <= at.getTime() || !cache.fresh(l.stamp)) return false;
    for (const [timeZone, date] of l.todays) if (todayIn(timeZone, at) !== date) return false;
    return true;
  }

  /** Computes a search: coverage, each candidate's availability, crew and quote, then the order. */
  async function compute(q: THelperSearchQuery, p: TPoints, r: TOfferRequest): Promise<TList> {
    const stamp = cache.stamp(SEARCH_TABLES);
    const covering = await coveringOf(q.from_zip, p.from);
    const ids = covering.map((c) => c.id);
    // The branches' settings (kept 30 s) and their teams and day's jobs (exact: a booking changes
    // ORDER_CAPACITY, which this search's answer and the capacity reads depend on, so a full
    // window shows at once), read side by side.
    const [{ data, expires }, capacity] = await Promise.all([
      branchData.get(ids, q.from_date),
      capacityOf(ids, q.from_date),
    ]);
    const found: {
      d: TSearchBranchData;
      o: TOk;
      full: TFull;
      rank: number;
      total: number;
      rating: number;
    }[] = [];
    const zones = new Map<string, string>();
    for (const [rank, c] of covering.entries()) {
      const d = data.get(c.id);
      if (!d) continue;
      const tz = d.branch.timeZone;
      if (!zones.has(tz)) zones.set(tz, todayIn(tz, r.now));
      const withTeam = { ...d, capacity: capacity.get(c.id) };
      const o = branchOffer(withTeam, r);
      const rating = starAverage(d.branch.ratingSum, d.branch.reviewsCount);
      if (o.ok) found.push({ d, o, full: null, rank, total: o.quote.total, rating });
      else if (o.reason === 'full') {
        // Shown, last, with the next window its team is free (decision 019).
        const next = await nextWindowFor(db, withTeam, o.job, q.from_date, r.now);
        const full = {
          message: windowFullMessage(next),
          next_date: next?.date ?? null,
          next_arrival_time: next?.arrival_time ?? null,
        };
        found.push({ d, o: o.priced, full, rank, total: o.priced.quote.total, rating });
      }
    }
    // Price (the total; cents order as the dollars shown), then rating; or rating, reviews, price. Ties keep
    // the coverage index's order (nearest, then id): a total order, so pages never overlap or skip.
    found.sort(
      (a, b) =>
        Number(a.full !== null) - Number(b.full !== null) ||
        (q.sort === 'rating'
          ? b.rating - a.rating ||
            b.d.branch.reviewsCount - a.d.branch.reviewsCount ||
            a.total - b.total ||
            a.rank - b.rank
          : a.total - b.total || b.rating - a.rating || a.rank - b.rank),
    );
    return {
      stamp,
      expires,
      todays: [...zones],
      offers: found.map(({ d, o, full }) => ({ d, o, full })),
      bodies: new Map(),
      chars: 0,
      meta: {
        total: found.length,
        count: found.length,
        covering_count: covering.length,
        helpers_count: r.helpers,
        hours_count: q.hours_count ?? null,
        electronic_payments: electronic(),
        from: p.from,
        to: p.to,
      },
    };
  }

  /** The search, from the cache when it still holds; concurrent askers of one search share one computation. */
  async function list(key: string, q: THelperSearchQuery, p: TPoints, r: TOfferRequest): Promise<TList> {
    const hit = lists.get(key);
    if (hit && fresh(hit, r.now)) return hit;
    const flight = running.get(key);
    if (flight) {
      // Shared only if nothing it read changed since it started.
      const shared = await flight;
      if (cache.fresh(shared.stamp)) return shared;
    }
    const promise = compute(q, p, r);
    running.set(key, promise);
    try {
      const l = await promise;
      if (cache.hears(SEARCH_TABLES) && cache.fresh(l.stamp)) lists.set(key, l);
      return l;
    } finally {
      if (running.get(key) === promise) running.delete(key);
    }
  }

  return {
    /**
     * Branches covering the pickup ZIP, available that day and window, each with its price: one
     * page of HELPER_PAGE_SIZE as the JSON body (`{ data, meta }`, meta as every paginated list's
     * plus the search's own fields).
     */
    async search(q: THelperListQuery, timeZone: string): Promise<string> {
      checkNotPast(q.from_date, timeZone, 'from_date');
      const p = await points(q.from_zip, q.to_zip);
      const r = offerRequest(q, p, clock.now());
      const key = searchKey(q, r);
      const l = await list(key, q, p, r);
      const made = l.bodies.get(q.page);
      if (made !== undefined) return made;
      const start = (q.page - 1) * HELPER_PAGE_SIZE;
      const data = l.offers
        .slice(start, start + HELPER_PAGE_SIZE)
        .map(({ d, o, full }) => listItem(d, o, d.place, full));
      const meta = { ...pageMeta(q.page, HELPER_PAGE_SIZE, l.meta.total), ...l.meta };
      const body = JSON.stringify({ data, meta });
      // Pages past the last are answered, not kept (any number may be asked for).
      if (start < l.offers.length || q.page === 1) lists.addPage(key, l, q.page, body);
      return body;
    },

    /** One branch's offer for the wizard's live price; says why when it cannot take the job. */
    async one(branchId: number, q: THelperSearchQuery, timeZone: string): Promise<THelperListItem> {
      checkNotPast(q.from_date, timeZone, 'from_date');
      const p = await points(q.from_zip, q.to_zip);
      const d = await branchPricing(branchId, q.from_date);
      if (!d) throw notFound();
      d.capacity = (await loadCapacity(db, [branchId], q.from_date)).get(branchId);
      const r = offerRequest(q, p, clock.now());
      const o = branchOffer(d, r);
      if (!o.ok && o.reason === 'full') {
        const next = await nextWindowFor(db, d, o.job, q.from_date, r.now);
        throw invalid({ arrival_time: [windowFullMessage(next)] });
      }
      if (!o.ok) throw invalid(offerErrorField(o.reason, o.message));
      return listItem(d, o, await geo.zipInfo(d.branch.zipCode), null);
    },
  };
}

/** The field a refusal of the offer belongs to (the wizard shows it there). */
export function offerErrorField(reason: string, message: string): Record<string, string[]> {
  if (reason === 'no_crew') return { helpers_count: [message] };
  if (reason === 'not_covered') return { branch_id: [message] };
  if (reason === 'outside_hours' || reason === 'blocked') return { arrival_time: [message] };
  return { arrival_date: [message] };
}
