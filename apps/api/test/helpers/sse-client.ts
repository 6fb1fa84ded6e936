import type { TApp } from '../../src/http/types.ts';

/*
 * A live-stream client for the tests, over real HTTP (fetch streaming, as the web reads it): it
 * parses the SSE frames as they come and lets a test wait for one.
 */

export type TSseEvent = { id: number | null; event: string; data: unknown; at: number };

export type TSseStream = {
  status: number;
  headers: Headers;
  events: TSseEvent[];
  comments: string[];
  retry: number | null;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The first event (already received or still to come) that `match` accepts. */
  next(match: (e: TSseEvent) => boolean, timeoutMs?: number): Promise<TSseEvent>;
  close(): void;
};

/** Listens on an ephemeral port of 127.0.0.1 and answers the base URL. */
export async function listenOnLoopback(app: TApp): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

export async function openStream(
  base: string,
  token: string | null,
  opts: { lastEventId?: string; query?: string } = {},
): Promise<TSseStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/dashboard/events${opts.query ?? ''}`, {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.lastEventId !== undefined ? { 'last-event-id': opts.lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const events: TSseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const stream: TSseStream = {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    retry: null,
    ended: Promise.resolve(),
    next(match, timeoutMs = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check as () => void);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check as () => void);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check as () => void);
      });
    },
    close: () => abort.abort(),
  };
  if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.text().catch(() => '');
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const frame = (text: string) => {
    let id: number | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) id = Number(line.slice(4));
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
      else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
    }
    if (data.length === 0) return;
    events.push({ id, event, data: JSON.parse(data.join('\n')), at: Date.now() });
    for (const w of [...waiters]) w();
  };
  stream.ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          frame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return stream;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
