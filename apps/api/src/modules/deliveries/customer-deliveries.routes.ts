import { ZDeliveryInput, ZDeliveryReasonInput } from '@haulpro/shared/delivery-input';
import { ZCustomerDeliveryListQuery, ZDeliveryQuoteView, ZDeliveryView } from '@haulpro/shared/delivery-view';
import { ZCompleteInput } from '@haulpro/shared/payouts';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody, ZPageMeta } from '../../http/envelope.ts';
import { ZIdempotencyHeaders } from '../../http/idempotency-header.ts';
import { ZIdParam } from '../../http/params.ts';
import { plainJson } from '../../http/plain-json.ts';
import { sendJsonBody } from '../../http/send-json-body.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import { DELIVERY_TEXT, type TDeliveriesService } from './deliveries.service.ts';
import { errors, seeReviews, ZAction, ZSeeReviews } from './delivery-route-parts.ts';

/**
 * The public booking page's price (`/api/public/deliveries/quote`): a visitor sees what a delivery
 * costs before signing up; the same rule and answer as the customers' quote.
 */
export function publicDeliveriesRoutes(app: TApp, { service: svc }: TRouteDeps<TDeliveriesService>): void {
  app.post(
    '/deliveries/quote',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['booking'],
        summary: "The server's price for a delivery form, for anyone (no item photos needed)",
        body: ZDeliveryInput,
        response: { 200: ZEnvelope(ZDeliveryQuoteView), 422: ZErrorBody },
      },
    },
    async (req) => ok(await svc.quote(null, req.body)),
  );
}

/** Customers: booking and their deliveries (`/api/dashboard/customer/deliveries...`). */
export function customerDeliveriesRoutes(
  app: TApp,
  { service: svc, auth }: TRouteDeps<TDeliveriesService>,
): void {
  const customer = auth('customer');
  const ctags = ['customer deliveries'];
  const bodyLimit = 6 * 15_000_000;
  app.post(
    '/customer/deliveries/quote',
    {
      preHandler: customer,
      bodyLimit,
      schema: {
        tags: ctags,
        summary: "The server's price for a delivery form",
        body: ZDeliveryInput,
        response: { 200: ZEnvelope(ZDeliveryQuoteView), ...errors },
      },
    },
    async (req) => ok(await svc.quote(caller(req), req.body)),
  );
  app.post(
    '/customer/deliveries',
    {
      preHandler: customer,
      bodyLimit,
      schema: {
        tags: ctags,
        summary: 'Book a delivery: New (open for bidding) for cash, Waiting for a card payment',
        headers: ZIdempotencyHeaders,
        body: ZDeliveryInput,
        response: {
          201: ZEnvelope(z.object({ delivery: ZDeliveryView, checkout_url: z.string().nullable() })),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const r = await svc.create(caller(req), req.body, req.headers['idempotency-key']);
      reply.code(201);
      return ok(
        { delivery: r.delivery, checkout_url: r.checkoutUrl },
        r.checkoutUrl ? DELIVERY_TEXT.createdAwaitingPayment : DELIVERY_TEXT.created,
      );
    },
  );
  app.get(
    '/customer/deliveries',
    {
      ...plainJson,
      preHandler: customer,
      schema: {
        tags: ctags,
        summary: "The customer's deliveries: Active or Archive, with both counts",
        querystring: ZCustomerDeliveryListQuery,
        response: {
          200: z.object({
            data: z.array(ZDeliveryView),
            meta: ZPageMeta.extend({ active_count: z.number(), archive_count: z.number() }),
          }),
          ...errors,
        },
      },
    },
    async (req, reply) => sendJsonBody(req, reply, await svc.customerList(caller(req), req.query)),
  );
  app.get(
    '/customer/deliveries/:id',
    {
      preHandler: customer,
      schema: {
        tags: ctags,
        summary: 'One of my deliveries',
        params: ZIdParam,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) => ok(await svc.customerOne(caller(req), req.params.id)),
  );
  app.get(
    '/customer/deliveries/:id/reviews',
    {
      preHandler: customer,
      schema: {
        tags: ctags,
        summary:
          "See reviews: the published reviews of the delivery's helper (its branch, or the labor user)",
        params: ZIdParam,
        response: { 200: ZSeeReviews, ...errors },
      },
    },
    async (req) => seeReviews(await svc.reviewsAbout(caller(req), req.params.id)),
  );
  app.post(
    '/customer/deliveries/:id/cancel',
    {
      preHandler: customer,
      schema: {
        tags: ctags,
        summary:
          'Cancel with a reason (an expired one too): a card payment is refunded less any late-cancellation fee',
        params: ZIdParam,
        body: ZDeliveryReasonInput,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) =>
      ok(
        await svc.customerStep(caller(req), req.params.id, 'cancel', req.body.reason),
        DELIVERY_TEXT.cancelled,
      ),
  );
  app.post(
    '/customer/deliveries/:id/complete',
    {
      preHandler: customer,
      schema: {
        tags: ctags,
        summary: 'Confirm the delivery (after the payout was approved), with an optional tip (dollars)',
        params: ZIdParam,
        body: ZCompleteInput,
        response: {
          200: ZAction.extend({ message: z.string(), tip_checkout_url: z.string().nullable() }),
          503: ZErrorBody,
          ...errors,
        },
      },
    },
    async (req) => {
      const r = await svc.customerConfirm(caller(req), req.params.id, req.body?.tip);
      return { data: r.view, message: DELIVERY_TEXT.completed, tip_checkout_url: r.tipCheckoutUrl };
    },
  );
  app.post(
    '/customer/deliveries/:id/archive',
    {
      preHandler: customer,
      schema: {
        tags: ctags,
        summary: 'Archive a finished delivery',
        params: ZIdParam,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) => ok(await svc.customerStep(caller(req), req.params.id, 'archive'), DELIVERY_TEXT.archived),
  );
}
