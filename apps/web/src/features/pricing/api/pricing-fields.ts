/** The Service Fee tab's fields (server errors are shown under them). */
export const FEE_FIELDS = [
  'service_area',
  'fee_first_bedroom',
  'fee_extra_bedroom',
  'helpers_and_trucks_between_double_driving',
  'surge_distance',
  'surge_additional_hourly_rate',
  'surge_additional_min_hours',
  'surge_additional_service_fee',
  'travel_area',
] as const;
