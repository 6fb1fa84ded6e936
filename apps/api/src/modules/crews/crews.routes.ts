import { CREW_MSG, ZAssignCrewInput, ZCrew, ZCrewDetail, ZCrewInput, ZCrewPatch } from '@haulpro/shared/crew';
import { ZOrderView } from '@haulpro/shared/order-view';
import { zId } from '@haulpro/shared/parse';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody, ZPageMeta, ZPageQuery } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TCrewsService } from './crews.service.ts';

const tags = ['teams'];
const ZCrewParams = z.object({ id: zId(), crew_id: zId() });
const errors = { 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };

/** Teams: branches/{id}/crews* (spec calls table) and PUT orders/{id}/crew (decision 019). */
export function crewsRoutes(app: TApp, { service, auth }: TRouteDeps<TCrewsService>): void {
  const svc = service;
  const staff = auth('staff');

  app.get(
    '/branches/:id/crews',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "A branch's team members (not deleted), active first; 15 a page unless asked",
        params: ZIdParam,
        querystring: ZPageQuery,
        response: { 200: z.object({ data: z.array(ZCrew), meta: ZPageMeta }), 404: ZErrorBody },
      },
    },
    async (req) => svc.list(caller(req), req.params.id, req.query.page, req.query.per_page),
  );

  app.post(
    '/branches/:id/crews',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Add a team member (profile_picture: a png/jpg data URL, at most 10 MB)',
        params: ZIdParam,
        body: ZCrewInput,
        response: { 200: ZEnvelope(ZCrewDetail), ...errors },
      },
    },
    async (req) => ok(await svc.create(caller(req), req.params.id, req.body), CREW_MSG.created),
  );

  app.get(
    '/branches/:id/crews/:crew_id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'One team member, with their upcoming jobs',
        params: ZCrewParams,
        response: { 200: ZEnvelope(ZCrewDetail), 404: ZErrorBody },
      },
    },
    async (req) => ok(await svc.get(caller(req), req.params.id, req.params.crew_id)),
  );

  app.patch(
    '/branches/:id/crews/:crew_id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Edit a team member (fields not sent keep their values; profile_picture null removes it)',
        params: ZCrewParams,
        body: ZCrewPatch,
        response: { 200: ZEnvelope(ZCrewDetail), ...errors },
      },
    },
    async (req) =>
      ok(await svc.update(caller(req), req.params.id, req.params.crew_id, req.body), CREW_MSG.updated),
  );

  app.delete(
    '/branches/:id/crews/:crew_id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Delete a team member (their past jobs keep them)',
        params: ZCrewParams,
        response: { 200: ZEnvelope(z.null()), 404: ZErrorBody },
      },
    },
    async (req) => {
      await svc.remove(caller(req), req.params.id, req.params.crew_id);
      return ok(null, CREW_MSG.deleted);
    },
  );

  app.put(
    '/orders/:id/crew',
    {
      preHandler: staff,
      schema: {
        tags: ['orders', ...tags],
        summary:
          "Assign the order's crew (replaces it): active members of its branch, none out on an overlapping job",
        params: ZIdParam,
        body: ZAssignCrewInput,
        response: { 200: ZEnvelope(ZOrderView), ...errors },
      },
    },
    async (req) => ok(await svc.assign(caller(req), req.params.id, req.body), CREW_MSG.crewAssigned),
  );
}
