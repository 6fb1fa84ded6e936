import type { TRole } from '@haulpro/shared/user';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TReadCache } from '../cache/read-cache.ts';
import type { TAuth, TClock } from '../context.ts';
import type { TDb } from '../db/client.ts';
import { forbidden, unauthenticated } from '../domain/errors.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { findUserBySessionHash } from '../modules/users/users.repository.ts';

export type { TAuth };

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuth | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/;

type TCachedSession = { auth: TAuth; expiresAt: number };

/**
 * What a cached session is read from: a write to any of them forgets every cached session;
 * writes elsewhere (an accept, a booking) leave them, so busy writers keep their sign-in cached.
 */
const SESSION_TABLES = ['users', 'sessions', 'companies'] as const;

/**
 * The session behind a bearer token. Live sessions are cached (frozen, so no handler can change
 * a shared copy); a miss is never cached, and expiry is checked against the clock on every hit.
 */
export async function resolveAuth(
  db: TDb,
  clock: TClock,
  cache: TReadCache,
  header: string | undefined,
): Promise<TAuth | null> {
  const m = header ? BEARER.exec(header) : null;
  if (!m?.[1]) return null;
  const hash = hashToken(m[1]);
  const now = clock.now();
  const key = `session:${hash}`;
  const hit = cache.getScoped<TCachedSession>(key);
  if (hit && hit.expiresAt > now.getTime()) return hit.auth;
  const stamp = cache.stamp(SESSION_TABLES);
  const found = await findUserBySessionHash(db, hash, now);
  if (!found) return null;
  const auth: TAuth = Object.freeze({ user: Object.freeze(found.user), sessionId: found.sessionId });
  cache.setScoped<TCachedSession>(key, stamp, { auth, expiresAt: found.expiresAt.getTime() });
  return auth;
}

/** preHandler factory: a valid session, and one of `roles` when given (403 otherwise). */
export function requireAuth(db: TDb, clock: TClock, cache: TReadCache) {
  return (...roles: TRole[]) =>
    async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      request.auth = await resolveAuth(db, clock, cache, request.headers.authorization);
      if (!request.auth) throw unauthenticated();
      if (roles.length && !roles.includes(request.auth.user.role)) throw forbidden();
    };
}

/** The authenticated caller; only call behind requireAuth. */
export function caller(request: FastifyRequest): TAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
