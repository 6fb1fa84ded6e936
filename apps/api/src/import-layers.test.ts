import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  folderGraph,
  importCycles,
  importGraph,
  moduleOf,
  sourceFiles,
} from '../../../scripts/source-imports.ts';

/*
 * The API's layers (docs/architecture.md), checked on every test run:
 * - no import cycles, type-only ones included;
 * - a module reaches another module through its service (`*.service.ts`), never its repository;
 * - only repositories (and the database layer, the seeds and the jobs' own claims) import the
 *   table definitions as values: a service that needs a query asks its repository;
 * - domain/ holds pure rules: it imports no module, no HTTP and no database code;
 * - services take the caller from context.ts, not from http/;
 * - every table has one owner, and only the owner's files write it (docs/decisions/027-module-fronts.md);
 * - no cycle between module folders either: a module that needs another is built after it.
 */

const src = path.dirname(fileURLToPath(import.meta.url));
const graph = importGraph(src);

/** "from -> target" for every import that `refused` refuses. */
function offenders(refused: (from: string, to: string, typeOnly: boolean) => boolean): string[] {
  return [...graph].flatMap(([from, imports]) =>
    imports.filter((i) => refused(from, i.target, i.typeOnly)).map((i) => `${from} -> ${i.target}`),
  );
}

describe('API layers', () => {
  it('reads the graph it checks', () => {
    expect(graph.size).toBeGreaterThan(80);
    expect(graph.get('modules/orders/orders.service.ts')?.length).toBeGreaterThan(5);
  });

  it('finds a cycle when there is one', () => {
    const edge = (target: string) => ({ specifier: '', target, typeOnly: true });
    const sample = new Map([
      ['a.ts', [edge('b.ts')]],
      ['b.ts', [edge('c.ts')]],
      ['c.ts', [edge('a.ts'), edge('d.ts')]],
      ['d.ts', [edge('d.ts')]],
      ['e.ts', [edge('a.ts')]],
    ]);
    expect(importCycles(sample)).toEqual([['d.ts'], ['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("no module imports another module's repository", () => {
    const found = offenders((from, to) => {
      const a = moduleOf(from);
      const b = moduleOf(to);
      return a !== null && b !== null && a !== b && to.endsWith('.repository.ts');
    });
    expect(found, "use the other module's service (an exported read or write there)").toEqual([]);
  });

  it('only repositories use the tables', () => {
    const found = offenders(
      (from, to, typeOnly) =>
        to === 'db/schema.ts' && !typeOnly && from.startsWith('modules/') && !from.endsWith('.repository.ts'),
    );
    expect(found, 'move the query into the module repository').toEqual([]);
  });

  it('domain rules are pure', () => {
    const found = offenders(
      (from, to) => from.startsWith('domain/') && /^(modules|http|db|jobs|mail|storage|payments)\//.test(to),
    );
    expect(found).toEqual([]);
  });

  it('services do not import the HTTP layer', () => {
    const found = offenders((from, to) => from.endsWith('.service.ts') && to.startsWith('http/'));
    expect(found, 'the caller type is in context.ts; pure helpers belong in domain/').toEqual([]);
  });
});

/**
 * Who owns each table (docs/decisions/027-module-fronts.md): a module folder under modules/, or
 * a layer (`mail` for the outbox, `limits` for the rate-limit counters). Only files of the owner insert into, update or delete from it; any other
 * module asks the owner's service.
 */
const TABLE_OWNERS: Record<string, string> = {
  // auth: the company a mover registers with, sessions and e-mailed tokens
  companies: 'auth',
  sessions: 'auth',
  userTokens: 'auth',
  users: 'users',
  branches: 'branches',
  branchCounties: 'branches',
  branchPhotos: 'branch-photos',
  branchServicesOffered: 'company-profile',
  faqAnswers: 'company-profile',
  faqQuestions: 'company-profile',
  profileServices: 'company-profile',
  calendarFeeds: 'calendar',
  crews: 'crews',
  orderCrews: 'crews',
  states: 'geo',
  counties: 'geo',
  cities: 'geo',
  zipCodes: 'geo',
  laborProfiles: 'labor',
  notifications: 'notifications',
  outbox: 'mail',
  workingDays: 'options',
  blockedDays: 'options',
  servicePrices: 'pricing',
  discounts: 'pricing',
  orders: 'orders',
  orderAddresses: 'orders',
  orderHistory: 'orders',
  rescheduleRequests: 'orders',
  referrals: 'referrals',
  coupons: 'referrals',
  creditLedger: 'referrals',
  reviews: 'reviews',
  reviewReplies: 'reviews',
  reviewInvitations: 'reviews',
  deliveries: 'deliveries',
  deliveryItems: 'deliveries',
  deliveryImages: 'deliveries',
  deliveryBidders: 'deliveries',
  deliveryHistory: 'deliveries',
  payoutSubmissions: 'deliveries',
  payouts: 'payouts',
  orderJobs: 'move-day',
  jobEvents: 'move-day',
  jobCrewTimes: 'move-day',
  jobChanges: 'move-day',
  jobPhotos: 'move-day',
  payoutAccounts: 'payouts',
  payoutTipShares: 'payouts',
  moneyMovements: 'payouts',
  idempotencyKeys: 'checkout',
  paymentEvents: 'checkout',
  // Talk and live (decision 031): live_events are written by table triggers and swept by `live`.
  messages: 'messages',
  sentReminders: 'reminders',
  smsOutbox: 'sms',
  liveEvents: 'live',
  // Shared limits (decision 034): the counters are the limits layer's; sign-in addresses are auth's.
  limitCounters: 'limits',
  knownAddresses: 'auth',
  // Uploads kept in the database (STORAGE=database, decision 033): the storage layer's driver.
  storedFiles: 'storage',
};

/** The tables defined in db/schema/*.ts, by their exported name. */
function schemaTables(): string[] {
  const dir = path.join(src, 'db/schema');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) =>
      [...readFileSync(path.join(dir, f), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map(
        (m) => m[1] ?? '',
      ),
    );
}

const ownerOf = (p: string) => moduleOf(p) ?? p.split('/')[0] ?? '';

/** "file insert|update|delete table" for every statement that writes one of the tables. */
function tableWrites(files: { path: string; text: string }[], tables: string[]) {
  const write = new RegExp(`\\.(insert|update|delete)\\(\\s*(${tables.join('|')})\\s*\\)`, 'g');
  return files.flatMap((f) =>
    [...f.text.matchAll(write)].map((m) => ({ file: f.path, verb: m[1], table: m[2] ?? '' })),
  );
}

function foreignWrites(files: { path: string; text: string }[]) {
  return tableWrites(files, Object.keys(TABLE_OWNERS))
    .filter((w) => TABLE_OWNERS[w.table] !== ownerOf(w.file))
    .map((w) => `${w.file} ${w.verb} ${w.table}`);
}

describe('modules own their tables', () => {
  it('every table has exactly one owner', () => {
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(40);
    expect(
      tables.filter((t) => !TABLE_OWNERS[t]),
      'give the new table an owner',
    ).toEqual([]);
    expect(
      Object.keys(TABLE_OWNERS).filter((t) => !tables.includes(t)),
      'the table is gone',
    ).toEqual([]);
  });

  it("finds a write to another module's table", () => {
    const sample = [
      { path: 'modules/pricing/pricing.repository.ts', text: 'db.update(branches).set({})' },
      { path: 'modules/pricing/pricing.repository.ts', text: 'db.update(discounts).set({})' },
      { path: 'jobs/x.ts', text: 'tx.insert( reviews ).values(v); tx.delete(outbox)' },
    ];
    expect(foreignWrites(sample)).toEqual([
      'modules/pricing/pricing.repository.ts update branches',
      'jobs/x.ts insert reviews',
      'jobs/x.ts delete outbox',
    ]);
  });

  it('no file writes a table outside its owner', () => {
    const files = sourceFiles(src)
      .map((f) => ({ path: path.relative(src, f).split(path.sep).join('/'), text: readFileSync(f, 'utf8') }))
      .filter((f) => !f.path.startsWith('db/'));
    const found = foreignWrites(files);
    expect(found, "ask the owner's service (TABLE_OWNERS)").toEqual([]);
  });

  it('finds a cycle between module folders when files alone have none', () => {
    const edge = (target: string) => ({ specifier: '', target, typeOnly: true });
    const sample = new Map([
      ['modules/a/a.service.ts', [edge('modules/b/b.service.ts')]],
      ['modules/b/b.service.ts', [edge('modules/a/a-view.ts')]],
      ['modules/a/a-view.ts', []],
      ['modules/c/c.service.ts', [edge('modules/a/a.service.ts'), edge('db/schema.ts')]],
    ]);
    expect(importCycles(sample)).toEqual([]);
    expect(importCycles(folderGraph(sample))).toEqual([['a', 'b']]);
  });

  it('has no cycle between module folders', () => {
    expect(importCycles(folderGraph(graph))).toEqual([]);
  });
});
