import {
  PROFILE_MSG,
  ZBranchSectionUpdate,
  ZFaqCreate,
  ZFaqItem,
  ZFaqUpdate,
  ZSectionAnswer,
} from '@haulpro/shared/company-profile';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TCompanyProfileService } from './company-profile.service.ts';

const tags = ['company profile'];

/**
 * PUT branches/{id} (one profile section per request) and the FAQ answers. The section reads,
 * GET branches/{id}?section=, share the Locations route (branches.routes.ts).
 */
export function companyProfileRoutes(app: TApp, { service, auth }: TRouteDeps<TCompanyProfileService>): void {
  const svc = service;
  const staff = auth('staff');

  app.put(
    '/branches/:id',
    {
      preHandler: staff,
      // A logo arrives as a data URL: 10 MB of image is about 13.4 MB of base64.
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Save one profile section: branch info {name, address, primary_phone, employees_count}, ' +
          '{logo: data URL}, introduction {new_data: {about_us} | {selected_services}}, or a credential ' +
          '{data_name, data} (flags 1 or 0). Answers the section as saved.',
        params: ZIdParam,
        body: ZBranchSectionUpdate,
        response: { 200: ZEnvelope(ZSectionAnswer), 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) => {
      const { data, message } = await svc.update(caller(req), req.params.id, req.body);
      return ok(data, message);
    },
  );

  app.post(
    '/faqs',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "Save a branch's answer to a question (a second save for the same question updates it)",
        body: ZFaqCreate,
        response: { 200: ZEnvelope(ZFaqItem), 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) => ok(await svc.saveAnswer(caller(req), req.body), PROFILE_MSG.answerSaved),
  );

  app.put(
    '/faqs/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Update an answer',
        params: ZIdParam,
        body: ZFaqUpdate,
        response: { 200: ZEnvelope(ZFaqItem), 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) =>
      ok(await svc.updateAnswer(caller(req), req.params.id, req.body), PROFILE_MSG.answerUpdated),
  );
}
