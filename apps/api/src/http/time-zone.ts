import { COUNTDOWN_TIME_ZONE } from '@haulpro/shared/constants';
import type { FastifyRequest } from 'fastify';

/** The caller's IANA zone from X-Timezone (spec: a timezone header on every call), if valid. */
export function requestTimeZone(request: FastifyRequest): string {
  const zone = request.headers['x-timezone'];
  if (typeof zone === 'string' && zone.length <= 64) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone;
    } catch {
      // An unknown zone falls back below.
    }
  }
  return COUNTDOWN_TIME_ZONE;
}
