import {
  HELPER_PAGE_SIZE,
  MAX_ITEM_PHOTOS,
  ZBookingInput,
  ZHelperListItem,
  ZHelperListQuery,
  ZHelperSearchQuery,
} from '@haulpro/shared/booking';
import { ZPublicBranchView } from '@haulpro/shared/branch-view';
import { ZZipInfo } from '@haulpro/shared/geo';
import { ZOrderView } from '@haulpro/shared/order-view';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody, ZPageMeta } from '../../http/envelope.ts';
import { ZIdempotencyHeaders } from '../../http/idempotency-header.ts';
import { ZIdParam } from '../../http/params.ts';
import { plainJson } from '../../http/plain-json.ts';
import { requestTimeZone } from '../../http/time-zone.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TBookingService } from './booking.service.ts';
import type { TPublicBranchService } from './public-branch.service.ts';

const ZItem = ZHelperListItem;
/** The page (as every paginated list) and what the search was priced for. */
const ZHelperListMeta = ZPageMeta.extend({
  count: z.number().int().describe('The total again (older clients)'),
  covering_count: z.number().int().describe('Branches that serve the pickup ZIP at all, free or not'),
  helpers_count: z.number().int().describe('The crew size the quotes are for (or the closest offered)'),
  hours_count: z.number().nullable().describe("Null: each company at its crew's minimum hours"),
  electronic_payments: z.boolean(),
  from: ZZipInfo.describe('The pickup ZIP'),
  to: ZZipInfo.describe('The destination ZIP'),
});
const ZOrderAnswer = z.object({
  order: ZOrderView,
  checkout_url: z.string().nullable(),
});
/** Room for five 10 MB photos as base64 data URLs plus the rest of the booking. */
const BOOKING_BODY_LIMIT = MAX_ITEM_PHOTOS * 14 * 1024 * 1024 + 1024 * 1024;

/** Public: the helper list and one branch's live price (no login). */
export function publicBookingRoutes(app: TApp, { service: svc }: TRouteDeps<TBookingService>): void {
  const tags = ['booking'];
  app.get(
    '/helpers',
    {
      ...plainJson,
      schema: {
        tags,
        security: [],
        summary: `Branches that cover the pickup ZIP and are free that day, each with its price (${HELPER_PAGE_SIZE} a page, with the total)`,
        querystring: ZHelperListQuery,
        response: {
          200: z.object({ data: z.array(ZItem), meta: ZHelperListMeta }),
          422: ZErrorBody,
        },
      },
    },
    async (req, reply) => {
      const body = await svc.search(req.query, requestTimeZone(req));
      // Already-serialized JSON of the 200 schema: Fastify sends a string with a JSON type as is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
  app.get(
    '/helpers/:id',
    {
      schema: {
        tags,
        security: [],
        summary: 'One branch’s price for the job (422 with the reason when it cannot take it)',
        params: ZIdParam,
        querystring: ZHelperSearchQuery,
        response: { 200: ZEnvelope(ZItem), 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) => ok(await svc.one(req.params.id, req.query, requestTimeZone(req))),
  );
}

/** Public: a branch's page by its slug (spec: Public profile). */
export function publicBranchRoutes(app: TApp, { service }: TRouteDeps<TPublicBranchService>): void {
  app.get(
    '/branches/:slug',
    {
      schema: {
        tags: ['booking'],
        security: [],
        summary: 'The public page of a branch: rating, record, crews, hours, reviews',
        params: z.object({ slug: z.string().min(1).max(80) }),
        response: { 200: ZEnvelope(ZPublicBranchView), 404: ZErrorBody },
      },
    },
    async (req) => ok(await service.bySlug(req.params.slug)),
  );
}

/** Customer: place a moving order from the booking wizard. */
export function customerBookingRoutes(app: TApp, { service, auth }: TRouteDeps<TBookingService>): void {
  app.post(
    '/customer/orders',
    {
      preHandler: auth('customer'),
      bodyLimit: BOOKING_BODY_LIMIT,
      schema: {
        tags: ['customer orders'],
        summary: 'Book a move (the server prices it; client prices are ignored)',
        headers: ZIdempotencyHeaders,
        body: ZBookingInput,
        response: { 201: ZEnvelope(ZOrderAnswer), 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      const r = await service.book(caller(req), req.body, requestTimeZone(req), key);
      reply.code(201);
      return ok(
        { order: r.order, checkout_url: r.checkoutUrl },
        r.checkoutUrl ? 'Order created. Continue to payment.' : 'Your order has been placed.',
      );
    },
  );
}
