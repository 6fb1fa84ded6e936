import { ACCOUNT_MSG, ZDeleteAccount } from '@haulpro/shared/account';
import { ZUserUpdate } from '@haulpro/shared/auth';
import { MSG } from '@haulpro/shared/messages';
import { ZUser } from '@haulpro/shared/user';
import { z } from 'zod';

import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TUsersService } from './users.service.ts';

export function usersRoutes(app: TApp, { service, auth }: TRouteDeps<TUsersService>): void {
  app.put(
    '/users/:id',
    {
      preHandler: auth(),
      // An avatar arrives as a data URL: 10 MB of image is about 13.4 MB of base64.
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags: ['users'],
        summary: 'Update your own name, phone or picture',
        params: ZIdParam,
        body: ZUserUpdate,
        response: { 200: ZEnvelope(ZUser), 403: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (req) => ok(await service.update(caller(req), req.params.id, req.body), MSG.profileSaved),
  );

  app.delete(
    '/users/:id',
    {
      preHandler: auth(),
      schema: {
        tags: ['users'],
        summary: 'Close your own account (customers and helpers): body { confirmation: "delete" }',
        params: ZIdParam,
        body: ZDeleteAccount,
        response: {
          200: ZEnvelope(z.null()),
          401: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (req) => {
      await service.close(caller(req), req.params.id);
      return ok(null, ACCOUNT_MSG.accountDeleted);
    },
  );
}
