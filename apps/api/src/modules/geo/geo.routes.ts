import { ZEmail } from '@haulpro/shared/auth';
import { ZCounty, ZOption, ZZipInfo } from '@haulpro/shared/geo';
import { zInt } from '@haulpro/shared/parse';
import { z } from 'zod';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TGeoService } from './geo.service.ts';

/** Validation look-ups answer `{ valid }` at the top level and inside `data`, for either reading of the spec. */
const ZValid = z.object({ valid: z.boolean(), data: z.object({ valid: z.boolean() }) });
const valid = (v: boolean) => ({ valid: v, data: { valid: v } });

/** /api/validations/*: public, cheap, cacheable look-ups used while a form is typed. */
/** E-mail availability checks per address a minute: plenty for a person typing, too few to enumerate. */
export const EMAIL_CHECKS_PER_MINUTE = 20;

export function validationRoutes(app: TApp, { service, deps }: TRouteDeps<TGeoService>): void {
  const geo = service;
  const tags = ['validations'];
  app.get(
    '/zip_code/:value',
    {
      schema: {
        tags,
        summary: 'Is this a known US ZIP code?',
        params: z.object({ value: z.string().max(20) }),
        response: { 200: ZValid },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return valid(await geo.isZipValid(req.params.value.trim()));
    },
  );
  app.get(
    '/email/:value',
    {
      // It tells whether an account exists: limited per address like sign-in (decision 001).
      config: { rateLimit: { max: EMAIL_CHECKS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: `Is this e-mail well-formed and not registered yet? (at most ${EMAIL_CHECKS_PER_MINUTE} a minute per address)`,
        params: z.object({ value: z.string().max(300) }),
        response: { 200: ZValid, 429: ZErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const parsed = ZEmail.safeParse(req.params.value);
      if (!parsed.success) return valid(false);
      const email = parsed.data;
      // The read cache drops every answer on any write to users (decision 011), so a sign-up is seen at once.
      return valid(await deps.cache.memo(`validations:email:${email}`, () => geo.isEmailAvailable(email)));
    },
  );
}

/** Geography under the dashboard base (spec: cities, counties, latLng). Public data: no token needed. */
export function geoRoutes(app: TApp, { service }: TRouteDeps<TGeoService>): void {
  const geo = service;
  const tags = ['geography'];
  app.get(
    '/cities',
    {
      schema: {
        tags,
        summary: 'States (no state_id) or the cities of a state, as { display, value } items',
        querystring: z.object({ state_id: zInt(1, 100).optional() }),
        response: { 200: ZEnvelope(z.array(ZOption.extend({ code: z.string().optional() }))) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok(req.query.state_id ? await geo.cities(req.query.state_id) : await geo.states());
    },
  );
  app.get(
    '/counties',
    {
      schema: {
        tags,
        summary: 'Counties whose name contains the query (case-insensitive), at most 20',
        querystring: z.object({
          query: z.string().max(100).default(''),
          state_id: zInt(1, 100).optional(),
        }),
        response: { 200: ZEnvelope(z.array(ZCounty)) },
      },
    },
    async (req) => ok(await geo.counties(req.query.query, req.query.state_id)),
  );
  app.get(
    '/latLng/:zip',
    {
      schema: {
        tags,
        summary: "A ZIP code's coordinates (and its state, city and county)",
        params: z.object({ zip: z.string().max(20) }),
        response: { 200: ZEnvelope(ZZipInfo), 404: ZErrorBody },
      },
    },
    async (req) => ok(await geo.zipOrFail(req.params.zip.trim())),
  );
}

/** /api/public/coverage/{zip}: which branches serve a ZIP, nearest first (booking, benchmarks). */
export function coverageRoutes(app: TApp, { service }: TRouteDeps<TGeoService>): void {
  app.get(
    '/coverage/:zip',
    {
      schema: {
        tags: ['geography'],
        summary: "Branches whose service area contains the ZIP's point, nearest first",
        params: z.object({ zip: z.string().max(20) }),
        response: {
          200: ZEnvelope(
            z.object({
              zip: ZZipInfo,
              branches: z.array(
                z.object({
                  id: z.number(),
                  name: z.string(),
                  slug: z.string(),
                  zip_code: z.string(),
                  service_area: z.number(),
                  company_id: z.number(),
                  company_name: z.string(),
                  distance_km: z.number(),
                }),
              ),
            }),
          ),
          404: ZErrorBody,
        },
      },
    },
    async (req) => ok(await service.coverage(req.params.zip.trim())),
  );
}
