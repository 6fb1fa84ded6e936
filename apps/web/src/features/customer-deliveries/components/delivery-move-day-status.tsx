import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { deliveryClockTime } from '@haulpro/shared/move-day';
import { Alert, Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { IconMapPinCheck, IconTruck } from '@tabler/icons-react';

/** The helper's move day as the customer reads it: "On the way — arriving about 10:35 AM", or "Arrived". */
export function moveDayLine(d: TDeliveryView): string | null {
  const time = (iso: string) => deliveryClockTime(iso, d.time_zone);
  if (d.arrived_at) return `Arrived at ${time(d.arrived_at)}`;
  if (d.on_my_way_at && d.eta_at) return `On the way — arriving about ${time(d.eta_at)}`;
  return null;
}

/**
 * The customer's view of move day (issue 28): while the delivery is under way, where the helper
 * is (on the next poll); then the proof of delivery, the pickup and drop-off photos (signed links).
 */
export function DeliveryMoveDayStatus({
  delivery: d,
  photos = false,
}: {
  delivery: TDeliveryView;
  photos?: boolean;
}) {
  const line = moveDayLine(d);
  // Once the delivery is finished or cancelled, the line has nothing left to tell.
  const live = d.status_id === DELIVERY_STATUS.accepted;
  const proof = [
    { url: d.pickup_photo_url, label: 'Pickup photo' },
    { url: d.dropoff_photo_url, label: 'Drop-off photo' },
  ].filter((p): p is { url: string; label: string } => p.url !== null);
  if (!(line && live) && !(photos && proof.length)) return null;
  return (
    <Stack gap="xs" data-testid="delivery-move-day">
      {line && live ? (
        <Alert
          variant="light"
          color={d.arrived_at ? 'teal' : 'blue'}
          p="xs"
          icon={d.arrived_at ? <IconMapPinCheck size={18} /> : <IconTruck size={18} />}
          data-testid="delivery-move-day-line"
        >
          <Text size="sm" fw={600}>
            {line}
          </Text>
        </Alert>
      ) : null}
      {photos && proof.length ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Proof of delivery
          </Text>
          <Group gap="sm" wrap="wrap">
            {proof.map((p) => (
              <Anchor
                key={p.label}
                href={p.url}
                target="_blank"
                rel="noreferrer"
                aria-label={`Open the ${p.label.toLowerCase()}`}
              >
                <Stack gap={2}>
                  <Image src={p.url} alt={p.label} w={120} h={90} radius="sm" fit="cover" />
                  <Text size="xs" c="dark.5">
                    {p.label}
                  </Text>
                </Stack>
              </Anchor>
            ))}
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
