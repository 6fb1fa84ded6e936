/** Where a mover's branch or a helper is: the ids that `GET latLng/{zip}` answers. */
export type TPlace = { state_id: number; city_id: number; county_id: number };

const unique = () => Math.random().toString(36).slice(2);

/** A mover's registration (company, main branch in South LA, first staff user); `patch` changes any field. */
export const moverBody = (la: TPlace, patch: Record<string, unknown> = {}) => ({
  first_name: 'Maria',
  last_name: 'Mover',
  email: `maria-${unique()}@movers.test`,
  password: 'mover-pass-1',
  company_name: 'Maria Moving Co',
  branch: {
    name: 'Maria Moving South LA',
    address: '4100 S Central Ave',
    state_id: la.state_id,
    city_id: la.city_id,
    zip_code: '90011',
    latitude: 34.007,
    longitude: -118.258,
    service_area: 30,
    primary_phone: '+1 (213) - 555 - 0140',
    county_ids: [la.county_id],
  },
  ...patch,
});

/** A helper's registration around ZIP 90011; `patch` changes any field. */
export const laborBody = (patch: Record<string, unknown> = {}) => ({
  first_name: 'Leo',
  last_name: 'Labor',
  email: `leo-${unique()}@helpers.test`,
  password: 'labor-pass-1',
  phone: '+1 (213) - 555 - 0150',
  zip_code: '90011',
  ...patch,
});
