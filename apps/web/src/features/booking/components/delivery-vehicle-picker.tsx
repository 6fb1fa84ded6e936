import { Badge, Group, Radio, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { DELIVERY_VEHICLES, formatLbs } from '../lib/delivery-vehicles.ts';

type TDeliveryVehiclePickerProps = {
  value: number | null;
  onChange: (vehicle: number) => void;
  /** The load's total weight so far (lbs), to mark the vehicles it is too heavy for. */
  loadLbs: number;
  error?: string | undefined;
};

/** Sedan, Hatchback, Pickup or Truck (spec: vehicle types), each with what it carries. */
export function DeliveryVehiclePicker({ value, onChange, loadLbs, error }: TDeliveryVehiclePickerProps) {
  return (
    <Radio.Group
      label="Vehicle"
      withAsterisk
      size="md"
      error={error}
      description={
        loadLbs > 0 ? `Your load so far: ${formatLbs(loadLbs)}` : 'Choose by the weight of the load'
      }
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      data-testid="delivery-vehicle"
    >
      <SimpleGrid mt={6} cols={{ base: 1, sm: 2 }} spacing="sm">
        {DELIVERY_VEHICLES.map((v) => {
          const Icon = v.icon;
          const over = loadLbs > v.capacityLbs;
          return (
            <Radio.Card
              key={v.value}
              value={String(v.value)}
              radius="md"
              p="sm"
              data-testid={`vehicle-${v.label}`}
            >
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <ThemeIcon size={40} radius="md" variant="light" color={over ? 'gray' : 'blue'} aria-hidden>
                  <Icon size={24} stroke={1.6} />
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} justify="space-between" wrap="nowrap">
                    <Text fw={650}>{v.label}</Text>
                    <Radio.Indicator size="sm" />
                  </Group>
                  <Text size="sm" fw={500}>
                    Up to {formatLbs(v.capacityLbs)}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.35}>
                    {v.fits}
                  </Text>
                  {over ? (
                    <Badge size="xs" color="orange" variant="light" mt={4}>
                      Too small for this load
                    </Badge>
                  ) : null}
                </div>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
