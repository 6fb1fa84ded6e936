import {
  CANCELLATION_MSG,
  ZCancellationPolicy,
  ZCancellationPolicyInput,
} from '@haulpro/shared/cancellation';
import { zId } from '@haulpro/shared/parse';
import {
  PRICING_MSG,
  ZBlockedDay,
  ZBlockedDayInput,
  ZCompanySettings,
  ZCompanySettingsInput,
  ZIsoDate,
  ZWorkingDay,
  ZWorkingDaysInput,
} from '@haulpro/shared/pricing';

import { SHOW_UP_WINDOWS } from '@haulpro/shared/pricing-constants';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TOptionsService } from './options.service.ts';

const id = zId();
const ZRange = z.object({ from: ZIsoDate.optional(), to: ZIsoDate.optional() });
const errors = { 404: ZErrorBody, 422: ZErrorBody };
const done = ZEnvelope(z.null());

export function optionsRoutes(app: TApp, { service, auth }: TRouteDeps<TOptionsService>): void {
  const svc = service;
  const staff = auth('staff');

  // Company settings: payment methods and fee, operating window.
  app.get(
    '/companies/:id',
    {
      preHandler: staff,
      schema: {
        tags: ['company'],
        summary: 'Company settings',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZCompanySettings), ...errors },
      },
    },
    async (req) => ok(await svc.getCompany(caller(req), req.params.id)),
  );
  app.put(
    '/companies/:id',
    {
      preHandler: staff,
      schema: {
        tags: ['company'],
        summary: 'Save payment settings and the operating window',
        params: ZIdParam,
        body: ZCompanySettingsInput,
        response: { 200: ZEnvelope(ZCompanySettings), ...errors },
      },
    },
    async (req) =>
      ok(await svc.updateCompany(caller(req), req.params.id, req.body), PRICING_MSG.companySaved),
  );

  // The late-cancellation policy (decision 029): the caller's company's tiers.
  app.get(
    '/cancellation-policy',
    {
      preHandler: staff,
      schema: {
        tags: ['company'],
        summary: "Your company's late-cancellation tiers (the default until you save your own)",
        response: { 200: ZEnvelope(ZCancellationPolicy), ...errors },
      },
    },
    async (req) => ok(await svc.getCancellationPolicy(caller(req))),
  );
  app.put(
    '/cancellation-policy',
    {
      preHandler: staff,
      schema: {
        tags: ['company'],
        summary: 'Save the late-cancellation tiers (hours before the arrival window, percent kept)',
        body: ZCancellationPolicyInput,
        response: { 200: ZEnvelope(ZCancellationPolicy), ...errors },
      },
    },
    async (req) => ok(await svc.saveCancellationPolicy(caller(req), req.body), CANCELLATION_MSG.saved),
  );

  // The availability engine from stored settings.
  app.get(
    '/branches/:id/availability',
    {
      preHandler: staff,
      schema: {
        tags: ['options'],
        summary: 'Is the branch bookable on a date and show-up window?',
        params: ZIdParam,
        querystring: z.object({ date: ZIsoDate, arrival_time: z.enum(SHOW_UP_WINDOWS) }),
        response: {
          200: ZEnvelope(
            z.object({
              available: z.boolean(),
              reason: z.string().optional(),
              message: z.string().optional(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (req) =>
      ok(await svc.branchAvailability(caller(req), req.params.id, req.query.date, req.query.arrival_time)),
  );

  // Operating hours.
  const options = ['options'];
  app.get(
    '/working-days',
    {
      preHandler: staff,
      schema: {
        tags: options,
        summary: "A branch's working hours per weekday (0 = Sunday)",
        querystring: z.object({ branch_id: id }),
        response: { 200: ZEnvelope(z.array(ZWorkingDay)), ...errors },
      },
    },
    async (req) => ok(await svc.getWorkingDays(caller(req), req.query.branch_id)),
  );
  app.post(
    '/working-days',
    {
      preHandler: staff,
      schema: {
        tags: options,
        summary: 'Save working hours',
        body: ZWorkingDaysInput,
        response: { 200: ZEnvelope(z.array(ZWorkingDay)), ...errors },
      },
    },
    async (req) => ok(await svc.saveWorkingDays(caller(req), req.body), PRICING_MSG.hoursSaved),
  );

  // Blocked time.
  app.get(
    '/blocked-days',
    {
      preHandler: staff,
      schema: {
        tags: options,
        summary: "A branch's blocked mornings, afternoons and days",
        querystring: ZRange.extend({ branch_id: id }),
        response: { 200: ZEnvelope(z.array(ZBlockedDay)), ...errors },
      },
    },
    async (req) => ok(await svc.listBlockedDays(caller(req), req.query.branch_id, req.query)),
  );
  app.post(
    '/blocked-days',
    {
      preHandler: staff,
      schema: {
        tags: options,
        summary: 'Block a morning, afternoon or day',
        body: ZBlockedDayInput,
        response: { 200: ZEnvelope(ZBlockedDay), ...errors },
      },
    },
    async (req) => ok(await svc.createBlockedDay(caller(req), req.body), PRICING_MSG.blockSaved),
  );
  app.put(
    '/blocked-days/:id',
    {
      preHandler: staff,
      schema: {
        tags: options,
        summary: 'Change blocked time',
        params: ZIdParam,
        body: ZBlockedDayInput,
        response: { 200: ZEnvelope(ZBlockedDay), ...errors },
      },
    },
    async (req) =>
      ok(await svc.updateBlockedDay(caller(req), req.params.id, req.body), PRICING_MSG.blockSaved),
  );
  app.delete(
    '/blocked-days/:id',
    {
      preHandler: staff,
      schema: {
        tags: options,
        summary: 'Delete blocked time',
        params: ZIdParam,
        response: { 200: done, ...errors },
      },
    },
    async (req) => {
      await svc.deleteBlockedDay(caller(req), req.params.id);
      return ok(null, PRICING_MSG.blockDeleted);
    },
  );
}
