import { BRANCH_MSG, ZBranch, ZBranchInput } from '@haulpro/shared/branch';
import { ZSectionAnswer, ZSectionQuery } from '@haulpro/shared/company-profile';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TBranchesService } from './branches.service.ts';

const tags = ['branches'];

export function branchesRoutes(app: TApp, { service, auth }: TRouteDeps<TBranchesService>): void {
  const svc = service;
  const staff = auth('staff');

  app.get(
    '/branches',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "The company's branches, main first",
        response: { 200: ZEnvelope(z.array(ZBranch)) },
      },
    },
    async (req) => ok(await svc.list(caller(req))),
  );

  app.post(
    '/branches',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Add a branch',
        body: ZBranchInput,
        response: { 200: ZEnvelope(ZBranch), 422: ZErrorBody },
      },
    },
    async (req) => ok(await svc.create(caller(req), req.body), BRANCH_MSG.created),
  );

  app.get(
    '/branches/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'One branch of your company; with ?section= one company profile section of it',
        params: ZIdParam,
        querystring: ZSectionQuery,
        response: { 200: ZEnvelope(z.union([ZBranch, ZSectionAnswer])), 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) => {
      const { section } = req.query;
      if (section) return ok(await svc.section(caller(req), req.params.id, section));
      return ok(await svc.get(caller(req), req.params.id));
    },
  );

  app.patch(
    '/branches/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Edit a branch (fields not sent keep their values)',
        params: ZIdParam,
        body: ZBranchInput.partial().extend({ id: z.unknown().optional() }),
        response: { 200: ZEnvelope(ZBranch), 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) => {
      const { id: _ignored, ...patch } = req.body;
      return ok(await svc.update(caller(req), req.params.id, patch), BRANCH_MSG.updated);
    },
  );

  app.delete(
    '/branches/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Delete a branch (not the main branch)',
        params: ZIdParam,
        response: { 200: ZEnvelope(z.null()), 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (req) => {
      await svc.remove(caller(req), req.params.id);
      return ok(null, BRANCH_MSG.deleted);
    },
  );
}
