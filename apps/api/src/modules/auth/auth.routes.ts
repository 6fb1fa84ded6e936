import {
  ZEmail,
  ZLogin,
  ZRegister,
  ZResetPassword,
  ZUpdatePassword,
  ZVerifyEmail,
} from '@haulpro/shared/auth';
import { MSG } from '@haulpro/shared/messages';
import { ZBranchSummary, ZCompanySummary, ZUser } from '@haulpro/shared/user';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TAuthService } from './auth.service.ts';
import { signUpBudget } from './sign-up-limit.ts';

const ZSession = z.object({
  user: ZUser,
  company: ZCompanySummary.nullable(),
  branches: z.array(ZBranchSummary),
});
const ZMessage = ZEnvelope(z.null());
const tags = ['auth'];

export function authRoutes(app: TApp, { service, auth }: TRouteDeps<TAuthService>): void {
  const svc = service;

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: ZLogin,
        response: {
          200: ZEnvelope(ZSession.extend({ token: z.string() })),
          422: ZErrorBody,
          429: ZErrorBody,
        },
      },
    },
    async (req) => ok(await svc.login(req.body, req.ip)),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: auth(),
      schema: { tags, summary: 'Revoke the current token', response: { 200: ZMessage } },
    },
    async (req) => {
      await svc.logout(caller(req).sessionId);
      return ok(null, 'Logged out');
    },
  );

  app.get(
    '/auth/check',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: 'The signed-in user, company and branches',
        response: { 200: ZEnvelope(ZSession) },
      },
    },
    async (req) => ok(await svc.sessionView(caller(req).user)),
  );

  app.put(
    '/auth/update-password',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: 'Change the password',
        body: ZUpdatePassword,
        response: { 200: ZMessage, 422: ZErrorBody },
      },
    },
    async (req) => {
      const { user, sessionId } = caller(req);
      await svc.updatePassword(user, sessionId, req.body);
      return ok(null, MSG.passwordUpdated);
    },
  );

  app.get(
    '/auth/reset-password/:email',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        params: z.object({ email: ZEmail }),
        response: { 200: ZMessage, 422: ZErrorBody },
      },
    },
    async (req) => ok(null, await svc.requestPasswordReset(req.params.email)),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Set a new password from an e-mailed link',
        body: ZResetPassword,
        response: { 200: ZMessage, 422: ZErrorBody },
      },
    },
    async (req) => ok(null, await svc.resetPassword(req.body)),
  );

  app.post(
    '/auth/register',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      ...signUpBudget(app),
      schema: {
        tags,
        summary: 'Customer registration',
        body: ZRegister,
        response: { 200: ZEnvelope(ZUser), 422: ZErrorBody },
      },
    },
    async (req) => ok(await svc.register(req.body), MSG.registered),
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address from the e-mailed link',
        body: ZVerifyEmail,
        response: { 200: ZMessage, 422: ZErrorBody },
      },
    },
    async (req) => ok(null, await svc.verifyEmail(req.body.token)),
  );

  app.post(
    '/auth/email/resend',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: 'Send the verification e-mail again',
        response: { 200: ZMessage, 429: ZErrorBody },
      },
    },
    async (req) => ok(null, await svc.resendVerification(caller(req).user)),
  );
}
