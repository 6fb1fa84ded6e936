import {
  ACCOUNT_MSG,
  ZLaborNotificationSettings,
  ZLaborNotificationSettingsView,
  ZLaborProfile,
  ZLaborProfileUpdate,
} from '@haulpro/shared/account';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TLaborService } from './labor.service.ts';

const tags = ['labor'];
const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The labor user's settings page (spec: Labor settings; call PUT labor/labors/{id}). */
export function laborRoutes(app: TApp, { service, auth }: TRouteDeps<TLaborService>): void {
  const svc = service;

  app.get(
    '/labor/labors/:id',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: 'Your helper profile (the SSN as its last four digits only)',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZLaborProfile), ...errors },
      },
    },
    async (req) => ok(await svc.get(caller(req), req.params.id)),
  );

  app.put(
    '/labor/labors/:id',
    {
      preHandler: auth(),
      // A photo arrives as a data URL: 10 MB of image is about 13.4 MB of base64.
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Save personal info, options and vehicle',
        params: ZIdParam,
        body: ZLaborProfileUpdate,
        response: { 200: ZEnvelope(ZLaborProfile), ...errors, 422: ZErrorBody },
      },
    },
    async (req) => {
      const r = await svc.update(caller(req), req.params.id, req.body);
      return ok(r.profile, r.emailChanged ? ACCOUNT_MSG.profileSavedVerifyEmail : ACCOUNT_MSG.profileSaved);
    },
  );

  app.get(
    '/labor/labors/:id/notifications',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: 'Which e-mails you receive',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZLaborNotificationSettingsView), ...errors },
      },
    },
    async (req) => ok(await svc.notifications(caller(req), req.params.id)),
  );

  app.put(
    '/labor/labors/:id/notifications',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: 'Choose which e-mails you receive',
        params: ZIdParam,
        body: ZLaborNotificationSettings,
        response: {
          200: ZEnvelope(ZLaborNotificationSettingsView),
          ...errors,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (req) =>
      ok(await svc.updateNotifications(caller(req), req.params.id, req.body), ACCOUNT_MSG.notificationsSaved),
  );
}
