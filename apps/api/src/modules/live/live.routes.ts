import type { OutgoingHttpHeaders } from 'node:http';
import { ZLiveHeaders, ZLiveQuery } from '@haulpro/shared/live';
import { z } from 'zod';
import { caller, resolveAuth } from '../../http/auth.ts';
import { ZErrorBody } from '../../http/envelope.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import { audiencesOf, type TLiveEvent, type TLiveService } from './live.service.ts';

/** What the browser waits before reconnecting on its own (EventSource's `retry:`), in ms. */
const RETRY_MS = 3000;
/** A client this far behind (bytes queued) is dropped; it reconnects and resumes from the table. */
const MAX_QUEUED_BYTES = 1024 * 1024;

/** One SSE frame. Data is one line of JSON (JSON.stringify never emits a raw line break). */
export function sseFrame(kind: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** GET /api/dashboard/events: the signed-in user's live updates (decision 031). */
export function liveRoutes(app: TApp, { deps, auth, service }: TRouteDeps<TLiveService>): void {
  app.get(
    '/events',
    {
      preHandler: auth(),
      schema: {
        tags: ['live'],
        summary:
          "Live updates (server-sent events) for the signed-in user: `ready`, then what was missed after Last-Event-ID (header, or ?last_event_id=), then `notification`, `order`, `delivery`, `message` as they happen; a comment line every 25 s; `end` when this sign-in ends. Each event's `id` resumes the stream.",
        headers: ZLiveHeaders,
        querystring: ZLiveQuery,
        response: {
          200: {
            description: 'An endless text/event-stream (id, event, data lines; data is JSON)',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          401: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (req, reply) => {
      const who = caller(req);
      const header = req.headers.authorization;
      const after = req.headers['last-event-id'] ?? req.query.last_event_id ?? null;
      // Written straight to the socket: no compression, no serializer, nothing holds a frame back.
      // The reply's headers so far (the security headers of onRequest) go out with the stream's.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        // One stream per connection: when it ends (logout, shutdown), the socket goes with it.
        connection: 'close',
      });
      // A HEAD (Fastify answers one for every GET) gets the headers only: no body, nothing to hold open.
      if (req.method === 'HEAD') return void res.end();
      res.socket?.setNoDelay(true);
      res.write(`retry: ${RETRY_MS}\n\n${sseFrame('ready', { session: who.sessionId })}`);

      let ended = false;
      let heartbeat: NodeJS.Timeout | null = null;
      let subscription: { stop(): void } | null = null;
      const finish = () => {
        if (ended) return;
        ended = true;
        if (heartbeat) clearInterval(heartbeat);
        subscription?.stop();
        if (!res.writableEnded) res.end();
      };
      const send = (text: string) => {
        if (ended) return;
        res.write(text);
        if (res.writableLength > MAX_QUEUED_BYTES) {
          ended = true;
          if (heartbeat) clearInterval(heartbeat);
          subscription?.stop();
          res.destroy();
        }
      };
      const endSession = (id?: number) => {
        send(sseFrame('end', { session: who.sessionId }, id));
        finish();
      };
      res.on('close', finish);

      heartbeat = setInterval(() => {
        send(': keep-alive\n\n');
        void stillSignedIn(deps, header, who.sessionId).then(
          (valid) => {
            if (!valid) endSession();
          },
          // The database may be down for a moment: the stream stays, the next beat re-checks.
          (err: unknown) => req.log.warn({ err }, 'live: session re-check failed'),
        );
      }, deps.config.liveHeartbeatMs);
      heartbeat.unref();

      try {
        subscription = await service.subscribe(audiencesOf(who), after, {
          event: (e: TLiveEvent) => {
            if (e.kind === 'end') return endSession(e.id);
            send(sseFrame(e.kind, e.data, e.id));
          },
          close: finish,
        });
        if (ended) subscription.stop();
      } catch (err) {
        req.log.warn({ err }, 'live: could not open the stream');
        finish();
      }
    },
  );
}

/** The heartbeat's check: the sign-in behind the stream still exists and has not expired. */
async function stillSignedIn(
  deps: TRouteDeps<TLiveService>['deps'],
  header: string | undefined,
  sessionId: number,
): Promise<boolean> {
  const now = await resolveAuth(deps.db, deps.clock, deps.cache, header);
  return now !== null && now.sessionId === sessionId;
}
