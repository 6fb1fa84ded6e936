import { SERVICE_AREA_MAX, SERVICE_AREA_MIN } from '@haulpro/shared/branch';
import { Group, Slider, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TBranchFormValues } from './branch-form-values.ts';
import { BranchLocationMap } from './branch-location-map.tsx';

const RADIUS_MARKS = [1, 25, 50, 75, 100].map((value) => ({ value, label: String(value) }));

type TBranchAreaPickerProps = {
  form: UseFormReturnType<TBranchFormValues>;
  /** Changes when the map should fit the marker and the radius again. */
  refitKey: string;
  mapHeight: number;
};

/** The branch form's right half: the marker on the map and the service area radius. */
export function BranchAreaPicker({ form, refitKey, mapHeight }: TBranchAreaPickerProps) {
  const values = form.values;
  const coordinatesError = form.errors.latitude ?? form.errors.longitude;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Location
      </Text>
      <BranchLocationMap
        latitude={values.latitude}
        longitude={values.longitude}
        serviceArea={values.service_area}
        refitKey={refitKey}
        height={mapHeight}
        onMove={({ latitude, longitude }) => form.setValues({ latitude, longitude })}
      />
      <Group justify="space-between" gap={4} wrap="wrap">
        <Text size="xs" c="dimmed">
          Drag the marker or click the map to set the exact spot.
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" data-testid="branch-coordinates">
          {values.latitude.toFixed(5)}, {values.longitude.toFixed(5)}
        </Text>
      </Group>
      {coordinatesError ? (
        <Text size="xs" c="red" role="alert">
          {coordinatesError}
        </Text>
      ) : null}
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="sm" fw={500} id="service-area-label">
          Service area radius
        </Text>
        <Text size="sm" fw={700} c="blue.8" data-testid="radius-value">
          {values.service_area} km
        </Text>
      </Group>
      <Slider
        min={SERVICE_AREA_MIN}
        max={SERVICE_AREA_MAX}
        step={1}
        marks={RADIUS_MARKS}
        label={(value) => `${value} km`}
        value={values.service_area}
        onChange={(value) => form.setFieldValue('service_area', Math.max(SERVICE_AREA_MIN, value))}
        thumbProps={{ 'aria-labelledby': 'service-area-label' }}
        mx={8}
        mb="lg"
      />
      {form.errors.service_area ? (
        <Text size="xs" c="red">
          {form.errors.service_area}
        </Text>
      ) : null}
    </Stack>
  );
}
