import { LIVE_EVENT_KINDS, LIVE_SILENCE_MS, type TLiveEventKind } from '@haulpro/shared/talk';
import { API_BASE } from './api-client.ts';
import { getToken } from './auth-store.ts';
import { emitLive, setLiveUp, type TLiveData } from './live-bus.ts';
import { createSseParser } from './sse-parser.ts';

/*
 * The live stream's reader (decision 031): GET /api/dashboard/events with the bearer header, read
 * with fetch streaming (EventSource cannot send the header), parsed as server-sent events and
 * published on live-bus.ts. The stream counts as up from its `ready` event until it ends, fails
 * or stays silent (not even a heartbeat) for LIVE_SILENCE_MS; meanwhile features fall back to
 * their polls. It reconnects with backoff, resuming after the last id seen (Last-Event-ID); ids
 * seen already are dropped (a resume replays a few seconds before that id). `end` (this sign-in
 * ended) and a 401 stop it: the next API call then finds the session gone and signs out.
 */

const KINDS = new Set<string>(LIVE_EVENT_KINDS);
const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** Ids remembered to drop repeats: a replay never reaches further back than this many events. */
const SEEN_MAX = 500;

export type TLiveStreamOptions = {
  /** The silence after which the stream counts as down (tests shorten it). */
  silenceMs?: number;
};

/** Starts reading the stream for the signed-in user; answers the function that stops it. */
export function startLiveStream(opts: TLiveStreamOptions = {}): () => void {
  const silenceMs = opts.silenceMs ?? LIVE_SILENCE_MS;
  let stopped = false;
  let lastId: number | null = null;
  const seen = new Set<number>();
  let backoff = BACKOFF_FIRST_MS;
  let controller: AbortController | null = null;
  let retry: number | null = null;
  let wake: (() => void) | null = null;

  const remember = (id: number) => {
    seen.add(id);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value as number);
    if (lastId === null || id > lastId) lastId = id;
  };

  /** One connection; resolves 'again' to reconnect, 'stop' when the sign-in is over. */
  async function connect(): Promise<'again' | 'stop'> {
    const token = getToken();
    if (!token) return 'stop';
    const abort = new AbortController();
    controller = abort;
    let silence: number | null = null;
    const heard = () => {
      if (silence !== null) window.clearTimeout(silence);
      silence = window.setTimeout(() => {
        setLiveUp(false);
        abort.abort();
      }, silenceMs);
    };
    let ended = false;
    try {
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
      };
      if (lastId !== null) headers['Last-Event-ID'] = String(lastId);
      heard();
      const res = await fetch(`${API_BASE}/events`, { headers, signal: abort.signal, cache: 'no-store' });
      if (res.status === 401) return 'stop';
      if (!res.ok || !res.body) return 'again';
      const parse = createSseParser((f) => {
        if (f.event === 'ready') {
          backoff = BACKOFF_FIRST_MS;
          setLiveUp(true);
          return;
        }
        if (f.id !== null) {
          if (seen.has(f.id)) return;
          remember(f.id);
        }
        if (f.event === 'end') {
          ended = true;
          abort.abort();
          return;
        }
        if (!KINDS.has(f.event)) return;
        let data: unknown;
        try {
          data = JSON.parse(f.data);
        } catch {
          return;
        }
        emitLive(f.event as TLiveEventKind, data as TLiveData[TLiveEventKind]);
      }, heard);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        parse(value);
      }
      return ended ? 'stop' : 'again';
    } catch {
      return ended || stopped ? 'stop' : 'again';
    } finally {
      if (silence !== null) window.clearTimeout(silence);
      setLiveUp(false);
      if (controller === abort) controller = null;
    }
  }

  async function run(): Promise<void> {
    while (!stopped) {
      const next = await connect();
      if (next === 'stop' || stopped) break;
      const wait = backoff * (0.75 + Math.random() * 0.5);
      backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
      await new Promise<void>((resolve) => {
        wake = resolve;
        retry = window.setTimeout(resolve, wait);
      });
      retry = null;
      wake = null;
    }
  }

  void run();
  return () => {
    stopped = true;
    if (retry !== null) window.clearTimeout(retry);
    wake?.();
    controller?.abort();
    setLiveUp(false);
  };
}
