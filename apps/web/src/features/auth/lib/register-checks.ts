import {
  type TRegisterLabor,
  type TRegisterMover,
  ZRegisterLabor,
  ZRegisterMover,
} from '@haulpro/shared/account';
import { SERVICE_AREA_DEFAULT } from '@haulpro/shared/branch';
import type { TZipInfo } from '@haulpro/shared/geo';
import { schemaResolver } from '@mantine/form';

/*
 * The registration form's checks and request bodies, with the shared schemas (zod): downloaded
 * when the visitor first touches the form (register-page.tsx), not before the page's first paint.
 */

/** The form's values (register-page.tsx). */
export type TRegisterValues = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  referral_code: string;
  company_name: string;
  address: string;
  phone: string;
  zip_code: string;
};

export const moverResolve = schemaResolver(ZRegisterMover, { sync: true });
export const laborResolve = schemaResolver(ZRegisterLabor, { sync: true });

/** The mover's main branch from the form: the Locations rules, the place from the ZIP. */
export function moverBody(v: TRegisterValues, zip: TZipInfo | null): TRegisterMover {
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email,
    password: v.password,
    referral_code: v.referral_code || null,
    company_name: v.company_name,
    branch: {
      name: v.company_name.trim().slice(0, 60),
      address: v.address,
      state_id: zip?.state_id ?? '',
      city_id: zip?.city_id ?? '',
      zip_code: v.zip_code,
      latitude: zip?.latitude ?? 0,
      longitude: zip?.longitude ?? 0,
      service_area: SERVICE_AREA_DEFAULT,
      primary_phone: v.phone,
      county_ids: zip?.county_id ? [zip.county_id] : [],
    },
  };
}

export const laborBody = (v: TRegisterValues): TRegisterLabor => ({
  first_name: v.first_name,
  last_name: v.last_name,
  email: v.email,
  password: v.password,
  referral_code: v.referral_code || null,
  phone: v.phone,
  zip_code: v.zip_code,
});
