import {
  MESSAGE_MAX_PHOTOS,
  ZMessageInput,
  ZThreadMessage,
  ZThreadQuery,
  ZThreadState,
  ZUnreadThreads,
} from '@haulpro/shared/talk';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody, ZPaginated } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TMessagesService } from './messages.service.ts';
import type { TThreadKind } from './thread-types.ts';

const tags = ['messages'];
/** Five photos as data URLs (each up to the shared schema's limit) and the text. */
const BODY_LIMIT = MESSAGE_MAX_PHOTOS * 12_000_000 + 64 * 1024;
/** Posting is limited per user (not per address): a shared office or a phone network is many people. */
export const POSTS_PER_MINUTE = 30;

export const ZThreadPage = ZPaginated(ZThreadMessage, ZThreadState.shape);
const errors = {
  401: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  413: ZErrorBody,
  422: ZErrorBody,
  429: ZErrorBody,
};

/** The four threads' paths: the provider's (company staff, a delivery's acceptor) and the customer's. */
const THREADS: { path: string; kind: TThreadKind; side: 'customer' | 'provider'; who: string }[] = [
  { path: '/orders/:id/messages', kind: 'order', side: 'provider', who: "the order's company (its staff)" },
  { path: '/customer/orders/:id/messages', kind: 'order', side: 'customer', who: "the order's customer" },
  { path: '/deliveries/:id/messages', kind: 'delivery', side: 'provider', who: "the delivery's acceptor" },
  {
    path: '/customer/deliveries/:id/messages',
    kind: 'delivery',
    side: 'customer',
    who: "the delivery's customer",
  },
];

/** A job's thread (issue 29, decision 031), under /api/dashboard. Non-parties get 404. */
export function messagesRoutes(app: TApp, { service, auth }: TRouteDeps<TMessagesService>): void {
  for (const t of THREADS) {
    app.get(
      t.path,
      {
        preHandler: auth(),
        schema: {
          tags,
          summary: `The ${t.kind}'s thread for ${t.who}: page 1 is the newest; reading marks the other side's messages read`,
          params: ZIdParam,
          querystring: ZThreadQuery,
          response: { 200: ZThreadPage, ...errors },
        },
      },
      async (req) => service.read(caller(req), t.kind, t.side, req.params.id, req.query.page),
    );
    app.post(
      t.path,
      {
        preHandler: auth(),
        bodyLimit: BODY_LIMIT,
        config: {
          rateLimit: {
            max: POSTS_PER_MINUTE,
            timeWindow: 60_000,
            // After the bearer check, so the key is the user.
            hook: 'preHandler',
            keyGenerator: (req) => `messages:${req.auth?.user.id ?? req.ip}`,
          },
        },
        schema: {
          tags,
          summary: `Post to the ${t.kind}'s thread as ${t.who}: text up to 2,000 characters and up to 5 photos (data URLs)`,
          params: ZIdParam,
          body: ZMessageInput,
          response: { 201: ZEnvelope(ZThreadMessage), ...errors },
        },
      },
      async (req, reply) => {
        const m = await service.post(caller(req), t.kind, t.side, req.params.id, req.body);
        return reply.code(201).send(ok(m));
      },
    );
  }

  app.get(
    '/messages/unread',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: "Your threads with unread messages from the other side, and the total (the header's count)",
        response: { 200: ZEnvelope(ZUnreadThreads), 401: ZErrorBody },
      },
    },
    async (req) => ok(await service.unread(caller(req))),
  );
}
