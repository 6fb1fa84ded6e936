import { LIVE_EVENT_KINDS, type TLiveEventKind } from '@haulpro/shared/talk';
import type { TAuth, TDeps } from '../../context.ts';
import { deleteEventsBefore, eventsAfter, type TLiveRow } from './live.repository.ts';

/*
 * The live hub of this process (decision 031). One LISTEN on 'haulpro_live' (live-feed.ts) hands
 * every announced row to the streams of its audience; a stream that resumes (Last-Event-ID), or
 * every open stream when the feed comes back after a loss, reads what it missed from the table.
 */

/** Rows are kept this long for `Last-Event-ID` resume, then swept by the job runner. */
export const LIVE_KEEP_MS = 24 * 3_600_000;
/** How far before the last seen id a resume also reads (commits land out of id order). */
export const LIVE_REPLAY_WINDOW_MS = 5_000;
/** Rows read per query of a replay, and at most this many queries (a day of a busy company fits). */
const REPLAY_PAGE = 500;
const REPLAY_PAGES = 20;
/** Ids a stream remembers having sent, so a replay overlapping live delivery sends each once. */
const SENT_MEMORY = 256;

export type TLiveEvent = { id: number; kind: TLiveEventKind; data: Record<string, unknown> };

/** Where a stream's events go (the HTTP response, in live.routes.ts). */
export type TLiveSink = { event(e: TLiveEvent): void; close(): void };

export type TLiveSubscription = { stop(): void };

type TStream = {
  audiences: readonly string[];
  sink: TLiveSink;
  /** The largest id sent. */
  last: number;
  sent: Set<number>;
  /** Live rows held back while a replay reads the table; null when delivering directly. */
  held: TLiveRow[] | null;
  stopped: boolean;
};

const KINDS = new Set<string>(LIVE_EVENT_KINDS);

/** The audiences a signed-in caller hears: their user, their sign-in and, for staff, their company. */
export function audiencesOf(auth: TAuth): string[] {
  const out = [`user:${auth.user.id}`, `session:${auth.sessionId}`];
  if (auth.user.role === 'staff' && auth.user.companyId !== null) out.push(`company:${auth.user.companyId}`);
  return out;
}

/** A NOTIFY payload ({id, a, k, d}) as a row, or null when it is not one. */
export function parseAnnouncement(payload: string): TLiveRow | null {
  try {
    const v = JSON.parse(payload) as { id?: unknown; a?: unknown; k?: unknown; d?: unknown };
    if (!Number.isSafeInteger(v.id) || typeof v.a !== 'string' || typeof v.k !== 'string') return null;
    if (typeof v.d !== 'object' || v.d === null || Array.isArray(v.d)) return null;
    return { id: v.id as number, audience: v.a, kind: v.k, data: v.d as Record<string, unknown> };
  } catch {
    return null;
  }
}

export function createLiveService({ db, clock, log }: Pick<TDeps, 'db' | 'clock' | 'log'>) {
  const byAudience = new Map<string, Set<TStream>>();
  const streams = new Set<TStream>();
  /** False until the feed is first up, and while it is down. */
  let feedUp = false;
  let feedWasUp = false;

  function deliver(s: TStream, row: TLiveRow): void {
    if (s.stopped || !KINDS.has(row.kind)) return;
    if (s.held) {
      s.held.push(row);
      return;
    }
    if (s.sent.has(row.id)) return;
    s.sent.add(row.id);
    if (s.sent.size > SENT_MEMORY) s.sent.delete(s.sent.values().next().value as number);
    if (row.id > s.last) s.last = row.id;
    s.sink.event({ id: row.id, kind: row.kind as TLiveEventKind, data: row.data });
  }

  /** Sends what the table has after `after` (and the window before it), then what arrived meanwhile. */
  async function replay(s: TStream, after: number): Promise<void> {
    const mine = s.held ?? [];
    s.held = mine;
    // Every id the table gave, so a held announcement of the same row is not sent twice (the
    // stream's own memory of sent ids is short; a replay can be long).
    const replayed = new Set<number>();
    try {
      // Page by page: the window before `after` once, then strictly after the last row read.
      let from = after;
      let windowMs = LIVE_REPLAY_WINDOW_MS;
      for (let page = 0; page < REPLAY_PAGES; page++) {
        const rows = await eventsAfter(db, s.audiences, from, windowMs, REPLAY_PAGE);
        s.held = null;
        for (const row of rows) {
          replayed.add(row.id);
          deliver(s, row);
        }
        s.held = mine;
        const last = rows[rows.length - 1];
        if (rows.length < REPLAY_PAGE || !last) break;
        from = last.id;
        windowMs = 0;
      }
    } finally {
      s.held = null;
      for (const row of mine.sort((a, b) => a.id - b.id)) if (!replayed.has(row.id)) deliver(s, row);
    }
  }

  function stop(s: TStream): void {
    if (s.stopped) return;
    s.stopped = true;
    streams.delete(s);
    for (const a of s.audiences) {
      const set = byAudience.get(a);
      set?.delete(s);
      if (set?.size === 0) byAudience.delete(a);
    }
  }

  return {
    /**
     * Starts delivering the events of `audiences` to `sink`; with `after` (Last-Event-ID), first
     * the table's rows since then. Live rows arriving during the replay follow it, each id once.
     */
    async subscribe(
      audiences: readonly string[],
      after: number | null,
      sink: TLiveSink,
    ): Promise<TLiveSubscription> {
      const s: TStream = { audiences, sink, last: after ?? 0, sent: new Set(), held: null, stopped: false };
      streams.add(s);
      for (const a of audiences) {
        let set = byAudience.get(a);
        if (!set) {
          set = new Set();
          byAudience.set(a, set);
        }
        set.add(s);
      }
      try {
        if (after !== null) await replay(s, after);
      } catch (err) {
        stop(s);
        throw err;
      }
      return { stop: () => stop(s) };
    },

    /** The feed's announcement of a committed row (live-feed.ts). */
    announced(payload: string): void {
      const row = parseAnnouncement(payload);
      if (!row) {
        log.warn({ payload: payload.slice(0, 200) }, 'live: an announcement that is not an event');
        return;
      }
      const set = byAudience.get(row.audience);
      if (set) for (const s of [...set]) deliver(s, row);
    },

    /**
     * The feed went down (false) or came (back) up (true). After a loss, every open stream reads
     * what it missed from the table, so nothing is lost while the LISTEN connection was re-opened.
     */
    async feedLive(live: boolean): Promise<void> {
      if (!live) {
        feedUp = false;
        return;
      }
      if (feedUp) return;
      feedUp = true;
      const recovering = feedWasUp;
      feedWasUp = true;
      if (!recovering) return;
      for (const s of [...streams]) {
        if (s.stopped) continue;
        await replay(s, s.last).catch((err: unknown) => {
          log.warn({ err }, 'live: a stream could not catch up; closing it (the client resumes)');
          stop(s);
          s.sink.close();
        });
      }
    },

    /** Ends every open stream (the server is closing): clients reconnect elsewhere and resume. */
    closeAll(): void {
      for (const s of [...streams]) {
        stop(s);
        s.sink.close();
      }
    },

    /** Whether the LISTEN feed is up now (tests, diagnostics). */
    feedIsUp(): boolean {
      return feedUp;
    },

    /** Open streams of this process (tests, diagnostics). */
    openStreams(): number {
      return streams.size;
    },

    /** Deletes up to `batch` rows older than a day; answers how many went (the job loops). */
    sweep(batch: number): Promise<number> {
      return deleteEventsBefore(db, new Date(clock.now().getTime() - LIVE_KEEP_MS), batch);
    },
  };
}

export type TLiveService = ReturnType<typeof createLiveService>;
