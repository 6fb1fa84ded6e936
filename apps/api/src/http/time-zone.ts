import { COUNTDOWN_TIME_ZONE } from '@haulpro/shared/constants';
import type { FastifyRequest } from 'fastify';

/** Zones already checked (building a formatter to check one costs more than most handlers). */
const knownZones = new Map<string, boolean>();

function isTimeZone(zone: string): boolean {
  let ok = knownZones.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    // Headers are caller-chosen: keep the memo bounded.
    if (knownZones.size >= 1000) knownZones.clear();
    knownZones.set(zone, ok);
  }
  return ok;
}

/** The caller's IANA zone from X-Timezone (spec: a timezone header on every call), if valid. */
export function requestTimeZone(request: FastifyRequest): string {
  const zone = request.headers['x-timezone'];
  return typeof zone === 'string' && zone.length <= 64 && isTimeZone(zone) ? zone : COUNTDOWN_TIME_ZONE;
}
