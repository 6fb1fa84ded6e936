import { ZOrderListQuery, ZReason, ZRescheduleRequestInput } from '@haulpro/shared/order';
import { ZOrderView } from '@haulpro/shared/order-view';
import { zBool, zId, zInt } from '@haulpro/shared/parse';
import { ZReviewInput } from '@haulpro/shared/review';
import { ZReviewView } from '@haulpro/shared/review-view';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody, ZPageMeta } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import { plainJson } from '../../http/plain-json.ts';
import { sendJsonBody } from '../../http/send-json-body.ts';
import { requestTimeZone } from '../../http/time-zone.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TOrdersService } from './orders.service.ts';

// The answers' schemas are the shared views the API's view functions return (packages/shared).
const ZOrder = ZOrderView;
const errors = { 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const ZReview = ZReviewView;
const ZReasonBody = z.object({ reason: ZReason });
const ZCounts = z.object({
  all_orders: z.number(),
  completed_and_accepted_orders: z.number(),
  cancelled_orders: z.number(),
  new_orders: z.number(),
  waiting_for_payment_orders: z.number(),
  rejected_orders: z.number(),
  active_orders: z.number(),
  revenue: z.number().describe('Dollars of accepted, being-completed and completed orders'),
});

export function ordersRoutes(app: TApp, { service, auth }: TRouteDeps<TOrdersService>): void {
  const svc = service;
  const staff = auth('staff');
  const customer = auth('customer');
  const tags = ['orders'];

  app.get(
    '/orders',
    {
      ...plainJson,
      preHandler: staff,
      schema: {
        tags,
        summary: "The company's orders (15 a page)",
        querystring: ZOrderListQuery,
        response: { 200: z.object({ data: z.array(ZOrder), meta: ZPageMeta }), 404: ZErrorBody },
      },
    },
    async (req, reply) =>
      sendJsonBody(req, reply, await svc.companyListBody(caller(req), req.query, requestTimeZone(req))),
  );
  app.get(
    '/orders/counts',
    {
      ...plainJson,
      preHandler: staff,
      schema: {
        tags,
        summary: 'Order counts by status group',
        querystring: ZOrderListQuery.pick({ branch_id: true, arrival_date_in: true }),
        response: { 200: ZEnvelope(ZCounts), 404: ZErrorBody },
      },
    },
    async (req) =>
      ok(
        await svc.companyCounts(
          caller(req),
          req.query.branch_id,
          req.query.arrival_date_in,
          requestTimeZone(req),
        ),
      ),
  );
  app.get(
    '/orders/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'One order with its invoice',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZOrder), 404: ZErrorBody },
      },
    },
    async (req) => ok(await svc.companyOrder(caller(req), req.params.id)),
  );
  app.post(
    '/orders/:id/accept',
    {
      preHandler: staff,
      schema: {
        tags,
        summary:
          'Accept a New order (optionally on a named branch, or the nearest branch covering the pickup)',
        params: ZIdParam,
        body: z.object({
          branch_id: zId().optional(),
          nearest: zBool().optional(),
        }),
        response: { 200: ZEnvelope(ZOrder), ...errors },
      },
    },
    async (req) => ok(await svc.accept(caller(req), req.params.id, req.body), 'Order accepted'),
  );
  app.post(
    '/orders/:id/reject',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Decline a New order',
        params: ZIdParam,
        body: z.object({ reason: z.string().max(1000).optional() }),
        response: { 200: ZEnvelope(ZOrder), ...errors },
      },
    },
    async (req) => ok(await svc.reject(caller(req), req.params.id, req.body.reason), 'Order rejected'),
  );
  app.post(
    '/orders/:id/cancel',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Cancel an accepted order (reason required)',
        params: ZIdParam,
        body: ZReasonBody,
        response: { 200: ZEnvelope(ZOrder), ...errors },
      },
    },
    async (req) =>
      ok(await svc.companyCancel(caller(req), req.params.id, req.body.reason), 'Order cancelled'),
  );
  app.post(
    '/orders/:id/complete',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Mark the job done (from the move date on)',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZOrder), ...errors },
      },
    },
    async (req) => ok(await svc.companyComplete(caller(req), req.params.id), 'Order marked as completed'),
  );
  app.post(
    '/orders/:id/archive',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Remove a finished order from your lists',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZOrder), ...errors },
      },
    },
    async (req) => ok(await svc.companyArchive(caller(req), req.params.id), 'Order archived'),
  );

  // Reschedule requests and their price preview, for both sides.
  const ZRequestParams = z.object({
    id: zId(),
    request_id: zId(),
  });
  const ZPrice = z.object({
    hourly: z.number(),
    total_for_n_hours: z.number(),
    date_adjustment: z.number(),
    service_fee: z.number(),
    total: z.number(),
    hours_count: z.number(),
  });
  for (const [prefix, party, pre] of [
    ['/orders', 'company', staff],
    ['/customer/orders', 'customer', customer],
  ] as const) {
    const rtags = [party === 'company' ? 'orders' : 'customer orders'];
    app.post(
      `${prefix}/:id/reviews`,
      {
        preHandler: pre,
        schema: {
          tags: rtags,
          summary:
            party === 'company'
              ? 'Review the customer of a completed order (starts unpublished)'
              : 'Review the branch that did a completed order (starts unpublished)',
          params: ZIdParam,
          body: ZReviewInput,
          response: { 200: ZEnvelope(ZReview), ...errors },
        },
      },
      async (req) => ok(await svc.review(caller(req), req.params.id, party, req.body), 'Review saved'),
    );
    app.get(
      `${prefix}/:id/reviews`,
      {
        preHandler: pre,
        schema: {
          tags: rtags,
          summary:
            party === 'company'
              ? 'Published reviews the customer of this order received'
              : 'Published reviews of the branch of this order',
          params: ZIdParam,
          response: {
            200: z.object({
              data: z.array(ZReview),
              meta: z.object({ average: z.number(), count: z.number() }),
            }),
            404: ZErrorBody,
          },
        },
      },
      async (req) => {
        const r = await svc.orderReviews(caller(req), req.params.id, party);
        return { data: r.items, meta: { average: r.average, count: r.count } };
      },
    );
    app.post(
      `${prefix}/:id/calculate-price`,
      {
        preHandler: pre,
        schema: {
          tags: rtags,
          summary: 'Price of the order on another date (dollars)',
          params: ZIdParam,
          body: z.object({ requested_date: ZRescheduleRequestInput.shape.requested_date }),
          response: { 200: ZEnvelope(ZPrice), ...errors },
        },
      },
      async (req) => ok(await svc.calculatePrice(caller(req), req.params.id, party, req.body.requested_date)),
    );
    app.post(
      `${prefix}/:id/reschedule-requests`,
      {
        preHandler: pre,
        schema: {
          tags: rtags,
          summary:
            party === 'company'
              ? 'Ask the customer for a new date, or apply it at once with instantly'
              : 'Ask the company for a new date',
          params: ZIdParam,
          body: ZRescheduleRequestInput,
          response: { 200: ZEnvelope(ZOrder), ...errors },
        },
      },
      async (req) => {
        const instantly = party === 'company' && req.body.instantly;
        return ok(
          await svc.requestReschedule(caller(req), req.params.id, party, req.body),
          instantly ? 'Order rescheduled' : 'Reschedule request sent',
        );
      },
    );
    app.post(
      `${prefix}/:id/reschedule-requests/:request_id/approve`,
      {
        preHandler: pre,
        schema: {
          tags: rtags,
          summary: 'Approve the other side’s new date',
          params: ZRequestParams,
          response: { 200: ZEnvelope(ZOrder), ...errors },
        },
      },
      async (req) =>
        ok(
          await svc.respondReschedule(caller(req), req.params.id, party, req.params.request_id, true),
          'New date approved',
        ),
    );
    app.post(
      `${prefix}/:id/reschedule-requests/:request_id/reject`,
      {
        preHandler: pre,
        schema: {
          tags: rtags,
          summary: 'Decline the other side’s new date (reason required)',
          params: ZRequestParams,
          body: ZReasonBody,
          response: { 200: ZEnvelope(ZOrder), ...errors },
        },
      },
      async (req) =>
        ok(
          await svc.respondReschedule(
            caller(req),
            req.params.id,
            party,
            req.params.request_id,
            false,
            req.body.reason,
          ),
          'New date declined',
        ),
    );
  }

  const ctags = ['customer orders'];
  app.get(
    '/customer/orders',
    {
      ...plainJson,
      preHandler: customer,
      schema: {
        tags: ctags,
        summary: 'Your orders: active or archive',
        querystring: z.object({
          tab: z.enum(['active', 'archive']).default('active'),
          page: zInt(1, 100000).default(1),
          paginate: zInt(1, 100).default(15),
        }),
        response: {
          200: z.object({
            data: z.array(ZOrder),
            meta: ZPageMeta.extend({ active_count: z.number(), archive_count: z.number() }),
          }),
        },
      },
    },
    async (req, reply) =>
      sendJsonBody(
        req,
        reply,
        await svc.customerListBody(caller(req), req.query.tab, req.query.page, req.query.paginate),
      ),
  );
  app.get(
    '/customer/orders/:id',
    {
      preHandler: customer,
      schema: {
        tags: ctags,
        summary: 'One of your orders',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZOrder), 404: ZErrorBody },
      },
    },
    async (req) => ok(await svc.customerOrder(caller(req), req.params.id)),
  );
  app.post(
    '/customer/orders/:id/cancel',
    {
      preHandler: customer,
      schema: {
        tags: ctags,
        summary: 'Cancel your order (reason required)',
        params: ZIdParam,
        body: ZReasonBody,
        response: { 200: ZEnvelope(ZOrder), ...errors },
      },
    },
    async (req) =>
      ok(await svc.customerCancel(caller(req), req.params.id, req.body.reason), 'Order cancelled'),
  );
  app.post(
    '/customer/orders/:id/archive',
    {
      preHandler: customer,
      schema: {
        tags: ctags,
        summary: 'Move a finished order to the archive',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZOrder), ...errors },
      },
    },
    async (req) => ok(await svc.customerArchive(caller(req), req.params.id), 'Order archived'),
  );
}
