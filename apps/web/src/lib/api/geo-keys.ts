/** Geography never changes while the app runs: these answers are kept for the whole visit. */
export const geoKeys = {
  states: ['geo', 'states'] as const,
  cities: (stateId: number | null) => ['geo', 'cities', stateId] as const,
  counties: (query: string, stateId: number | null) => ['geo', 'counties', query, stateId] as const,
  zip: (zip: string) => ['geo', 'zip', zip] as const,
};
