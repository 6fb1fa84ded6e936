import { zId } from '@haulpro/shared/parse';
import {
  PRICING_MSG,
  ZBranchPricing,
  ZBranchPricingInput,
  ZDiscount,
  ZDiscountInput,
  ZIsoDate,
  ZQuote,
  ZQuoteRequest,
  ZServicePrice,
  ZServicePriceInput,
} from '@haulpro/shared/pricing';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TPricingService } from './pricing.service.ts';

const id = zId();
const ZServiceParams = z.object({ id, service_id: id });
const ZDiscountParams = z.object({ id, discount_id: id });
const ZRange = z.object({ from: ZIsoDate.optional(), to: ZIsoDate.optional() });
const errors = { 404: ZErrorBody, 422: ZErrorBody };
const done = ZEnvelope(z.null());

export function pricingRoutes(app: TApp, { service, auth }: TRouteDeps<TPricingService>): void {
  const svc = service;
  const staff = auth('staff');

  // Service prices.
  const tags = ['pricing'];
  app.get(
    '/branches/:id/services',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "A branch's service prices by type",
        params: ZIdParam,
        response: {
          200: ZEnvelope(
            z.object({ helpers_only: z.array(ZServicePrice), helpers_and_trucks: z.array(ZServicePrice) }),
          ),
          ...errors,
        },
      },
    },
    async (req) => ok(await svc.listServices(caller(req), req.params.id)),
  );
  app.post(
    '/branches/:id/services',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Add a service price',
        params: ZIdParam,
        body: ZServicePriceInput,
        response: { 200: ZEnvelope(ZServicePrice), ...errors },
      },
    },
    async (req) =>
      ok(await svc.createService(caller(req), req.params.id, req.body), PRICING_MSG.serviceSaved),
  );
  app.put(
    '/branches/:id/services/:service_id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Edit a service price',
        params: ZServiceParams,
        body: ZServicePriceInput,
        response: { 200: ZEnvelope(ZServicePrice), ...errors },
      },
    },
    async (req) =>
      ok(
        await svc.updateService(caller(req), req.params.id, req.params.service_id, req.body),
        PRICING_MSG.serviceSaved,
      ),
  );
  app.delete(
    '/branches/:id/services/:service_id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Delete a service price',
        params: ZServiceParams,
        response: { 200: done, ...errors },
      },
    },
    async (req) => {
      await svc.deleteService(caller(req), req.params.id, req.params.service_id);
      return ok(null, PRICING_MSG.serviceDeleted);
    },
  );

  // Calendar offers (discounts and surcharges by date).
  app.get(
    '/branches/:id/discounts',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "A branch's discounts and surcharges by date",
        params: ZIdParam,
        querystring: ZRange,
        response: { 200: ZEnvelope(z.array(ZDiscount)), ...errors },
      },
    },
    async (req) => ok(await svc.listDiscounts(caller(req), req.params.id, req.query)),
  );
  app.post(
    '/branches/:id/discounts',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Add a discount or surcharge',
        params: ZIdParam,
        body: ZDiscountInput,
        response: { 200: ZEnvelope(ZDiscount), ...errors },
      },
    },
    async (req) => ok(await svc.createDiscount(caller(req), req.params.id, req.body), PRICING_MSG.offerSaved),
  );
  app.put(
    '/branches/:id/discounts/:discount_id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Edit a discount or surcharge',
        params: ZDiscountParams,
        body: ZDiscountInput,
        response: { 200: ZEnvelope(ZDiscount), ...errors },
      },
    },
    async (req) =>
      ok(
        await svc.updateDiscount(caller(req), req.params.id, req.params.discount_id, req.body),
        PRICING_MSG.offerSaved,
      ),
  );
  app.delete(
    '/branches/:id/discounts/:discount_id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Delete a discount or surcharge',
        params: ZDiscountParams,
        response: { 200: done, ...errors },
      },
    },
    async (req) => {
      await svc.deleteDiscount(caller(req), req.params.id, req.params.discount_id);
      return ok(null, PRICING_MSG.offerDeleted);
    },
  );

  // Branch pricing: Service Fee tab and equipment.
  app.get(
    '/branches/:id/pricing',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Service fee, surge, double driving, travel area and equipment',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZBranchPricing), ...errors },
      },
    },
    async (req) => ok(await svc.getPricing(caller(req), req.params.id)),
  );
  app.put(
    '/branches/:id/pricing',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Save any of the branch pricing fields',
        params: ZIdParam,
        body: ZBranchPricingInput,
        response: { 200: ZEnvelope(ZBranchPricing), ...errors },
      },
    },
    async (req) =>
      ok(await svc.updatePricing(caller(req), req.params.id, req.body), PRICING_MSG.pricingSaved),
  );

  // The price engine from stored settings: a price preview.
  app.post(
    '/branches/:id/quote',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Itemised price from the branch settings (dollars)',
        params: ZIdParam,
        body: ZQuoteRequest,
        response: { 200: ZEnvelope(ZQuote), ...errors },
      },
    },
    async (req) => ok(await svc.previewQuote(caller(req), req.params.id, req.body)),
  );
}
