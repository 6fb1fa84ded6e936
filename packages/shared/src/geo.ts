import { z } from 'zod';

import { INVALID_ZIP, ZIP_PATTERN } from './zip.ts';

export { INVALID_ZIP, ZIP_PATTERN };

/** A ZIP as typed: exactly five digits (the zip mask); whether it exists is the server's answer. */
export const ZZip = z.string({ error: INVALID_ZIP }).trim().regex(ZIP_PATTERN, INVALID_ZIP);

export const ZOption = z.object({ display: z.string(), value: z.number().int() });
export type TOption = z.infer<typeof ZOption>;

export const ZCounty = z.object({ id: z.number().int(), name: z.string(), state_code: z.string() });
export type TCounty = z.infer<typeof ZCounty>;

export const ZLatLng = z.object({ latitude: z.number(), longitude: z.number() });

/** What the server knows of a ZIP code. */
export const ZZipInfo = ZLatLng.extend({
  zip_code: z.string(),
  state_id: z.number().int(),
  state_code: z.string(),
  state_name: z.string(),
  city_id: z.number().int(),
  city_name: z.string(),
  county_id: z.number().int().nullable(),
  county_name: z.string().nullable(),
});
export type TZipInfo = z.infer<typeof ZZipInfo>;

/** Great-circle distance in km (haversine, mean Earth radius), for display and tests. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
