import { mapsUrl } from '@haulpro/shared/move-day';
import type { TOrder } from '@haulpro/shared/order-wire';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import { arrivalText } from '../lib/arrival.ts';

const addressLine = (a: TOrder['pickups'][number]) => `${a.address}, ${a.city}, ${a.state} ${a.zip_code}`;

/** Who and where: the customer, the pickup (and drop-off) with a maps link, the phone to call. */
export function JobHeader({ order }: { order: TOrder }) {
  const pickup = order.pickups[0];
  const drop = order.destinations.at(-1);
  const phone = order.phone ?? order.customer_phone;
  return (
    <Card withBorder radius="md" padding="md" data-testid="job-header">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
          {order.name}
        </Title>
        <Text size="sm" c="dimmed">
          Order #{order.id} · {arrivalText(order.arrival_time)} · {order.helpers_count} movers ·{' '}
          {order.hours_count} h booked
        </Text>
        {pickup ? <AddressLink label="Pickup" address={addressLine(pickup)} /> : null}
        {drop ? <AddressLink label="Drop-off" address={addressLine(drop)} /> : null}
        {phone ? (
          <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} fw={600} data-testid="job-phone">
            <Group gap={6} wrap="nowrap">
              <IconPhone size={18} aria-hidden />
              <span>{phone}</span>
            </Group>
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}

function AddressLink({ label, address }: { label: string; address: string }) {
  return (
    <Anchor
      href={mapsUrl(address)}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconMapPin size={18} aria-hidden style={{ flexShrink: 0 }} />
        <span>
          <Text span fw={600} size="sm">
            {label}:
          </Text>{' '}
          {address}
        </span>
      </Group>
    </Anchor>
  );
}
