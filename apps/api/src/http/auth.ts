import type { TRole } from '@haulpro/shared/user';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TClock } from '../context.ts';
import type { TDb } from '../db/client.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { findUserBySessionHash, type TUserRow } from '../modules/users/users.repository.ts';
import { forbidden, unauthenticated } from './errors.ts';

export type TAuth = { user: TUserRow; sessionId: number };

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuth | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/;

export async function resolveAuth(db: TDb, clock: TClock, header: string | undefined): Promise<TAuth | null> {
  const m = header ? BEARER.exec(header) : null;
  if (!m?.[1]) return null;
  const found = await findUserBySessionHash(db, hashToken(m[1]), clock.now());
  return found ? { user: found.user, sessionId: found.sessionId } : null;
}

/** preHandler factory: a valid session, and one of `roles` when given (403 otherwise). */
export function requireAuth(db: TDb, clock: TClock) {
  return (...roles: TRole[]) =>
    async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      request.auth = await resolveAuth(db, clock, request.headers.authorization);
      if (!request.auth) throw unauthenticated();
      if (roles.length && !roles.includes(request.auth.user.role)) throw forbidden();
    };
}

/** The authenticated caller; only call behind requireAuth. */
export function caller(request: FastifyRequest): TAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
