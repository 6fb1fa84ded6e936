import {
  ACCOUNT_MSG,
  ZAuthProviders,
  ZGoogleLogin,
  ZGoogleLoginAnswer,
  ZRegisterLabor,
  ZRegisterMover,
  ZSignedIn,
} from '@haulpro/shared/account';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TGoogleSignInService } from './google-sign-in.service.ts';
import type { TRegistrationService } from './registration.service.ts';
import { signUpBudget } from './sign-up-limit.ts';

/** The sign-up half of the auth module's front. */
type TSignUpFront = { registration: TRegistrationService; googleSignIn: TGoogleSignInService };

const tags = ['auth'];
const registerLimit = { rateLimit: { max: 20, timeWindow: 60_000 } };

/** Public registration (issue 18), under /api/public. */
export function registrationRoutes(app: TApp, { service }: TRouteDeps<TSignUpFront>): void {
  app.post(
    '/register/mover',
    {
      config: registerLimit,
      ...signUpBudget(app),
      schema: {
        tags,
        summary: 'Register a moving company: its main branch and first staff user; signs in',
        body: ZRegisterMover,
        response: { 200: ZEnvelope(ZSignedIn), 422: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (req) => ok(await service.registration.registerMover(req.body), ACCOUNT_MSG.moverRegistered),
  );

  app.post(
    '/register/labor',
    {
      config: registerLimit,
      ...signUpBudget(app),
      schema: {
        tags,
        summary: 'Register an individual helper working around a ZIP code; signs in',
        body: ZRegisterLabor,
        response: { 200: ZEnvelope(ZSignedIn), 422: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (req) => ok(await service.registration.registerLabor(req.body), ACCOUNT_MSG.laborRegistered),
  );

  app.get(
    '/auth/providers',
    {
      schema: {
        tags,
        summary: 'Third-party sign-ins this server offers (Google: its client id, or null)',
        response: { 200: ZEnvelope(ZAuthProviders) },
      },
    },
    async () => ok({ google_client_id: service.googleSignIn.clientId }),
  );
}

/** Third-party sign-in (spec: google/auth/login-via-token on the auth base), under /api/google. */
export function googleRoutes(app: TApp, { service }: TRouteDeps<TGoogleSignInService>): void {
  app.post(
    '/auth/login-via-token',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Sign in with a Google ID token (verified against Google’s keys); creates a customer if new',
        body: ZGoogleLogin,
        response: { 200: ZEnvelope(ZGoogleLoginAnswer), 400: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (req) => ok(await service.login(req.body.token)),
  );
}
