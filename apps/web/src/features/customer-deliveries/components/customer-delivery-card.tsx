import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Button, Card, Divider, Grid, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconEye, IconFlag, IconMapPin, IconPackage, IconStars } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeliveryStatusBadge } from '../../../components/delivery/delivery-status-badge.tsx';
import { ThreadButton } from '../../../components/message-thread/thread-button.tsx';
import { Money } from '../../../components/money.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { DeliveryActionButtons, type TCustomerDeliveryAction } from './delivery-actions.tsx';
import { DeliveryMoveDayStatus } from './delivery-move-day-status.tsx';
import { DeliveryMover } from './delivery-mover.tsx';
import { DeliveryStatusNote } from './delivery-status-note.tsx';

export function formatDeliveryDate(date: string): string {
  return dayjs(date).format('ddd, MMM D, YYYY');
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** One stop of the route: an icon, what it is, and the address. */
function Stop({
  icon,
  label,
  address,
  testId,
}: {
  icon: ReactNode;
  label: string;
  address: string;
  testId?: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }} data-testid={testId}>
      {icon}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {address}
        </Text>
      </Stack>
    </Group>
  );
}

type TCustomerDeliveryCardProps = {
  delivery: TDeliveryView;
  onAction: (action: TCustomerDeliveryAction, delivery: TDeliveryView) => void;
  /** A step of this delivery is running: its buttons wait. */
  busy?: boolean;
};

/**
 * A delivery as its customer sees it (spec: Customer screens; Roles: customers see
 * invoice.total_price): what is moved and where, when, who moves it, the price they pay, the
 * status (an expired one explains itself in its tooltip), the one line that says what comes
 * next, and only the buttons the server's flags allow.
 */
export function CustomerDeliveryCard({ delivery: d, onAction, busy = false }: TCustomerDeliveryCardProps) {
  return (
    <Card
      withBorder
      padding={0}
      data-testid="delivery-card"
      data-delivery-id={d.id}
      data-status={d.status}
      data-status-id={d.status_id}
    >
      <Stack gap="sm" p="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <ThemeIcon size={40} radius="md" variant="light" color="blue" aria-hidden>
              <IconPackage size={22} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text
                component="h3"
                fw={700}
                fz="md"
                lh={1.3}
                m={0}
                style={{ overflowWrap: 'anywhere' }}
                data-testid="delivery-items-name"
              >
                {d.items_name}
              </Text>
              <Text size="xs" c="dimmed">
                Delivery #{d.id}
              </Text>
            </Stack>
          </Group>
          <Stack gap={4} align="flex-end" style={{ marginLeft: 'auto' }}>
            <DeliveryStatusBadge delivery={d} />
            <Money amount={d.invoice.total_price} fz={22} fw={800} lh={1.1} data-testid="delivery-price" />
          </Stack>
        </Group>

        {/* One row on a desktop (as the order cards), two columns on a tablet, stacked pairs on a phone. */}
        <Grid columns={24} gap="sm">
          <Grid.Col span={{ base: 24, sm: 12, lg: 6 }}>
            <Stop
              icon={<IconMapPin size={18} color="var(--mantine-color-teal-7)" aria-hidden />}
              label={d.is_home_move ? 'In-home pickup' : 'Pickup'}
              address={d.pickup.full_address}
              testId="delivery-pickup"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12, lg: 6 }}>
            <Stop
              icon={<IconFlag size={18} color="var(--mantine-color-red-7)" aria-hidden />}
              label="Destination"
              address={d.destination.full_address}
              testId="delivery-destination"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Stat label="Date">{formatDeliveryDate(d.arrival_date)}</Stat>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Stat label="Show-up time">{d.show_up_time}</Stat>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
            <Stat label="Vehicle">{d.vehicle}</Stat>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <Stat label="Mover">
              <DeliveryMover delivery={d} />
            </Stat>
          </Grid.Col>
        </Grid>

        <DeliveryStatusNote delivery={d} />
        <DeliveryMoveDayStatus delivery={d} />
      </Stack>
      <Divider />
      <Group justify="space-between" gap="xs" wrap="wrap" px="md" py="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconEye size={16} />}
          onClick={() => onAction('details', d)}
          aria-label={`View details of delivery #${d.id}`}
        >
          View details
        </Button>
        {d.canCustomerViewHelperReviews && d.acceptor ? (
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconStars size={16} />}
            onClick={() => onAction('reviews', d)}
          >
            See reviews
          </Button>
        ) : null}
        {/* A delivery's thread opens at acceptance (decision 031). */}
        {d.acceptor ? <ThreadButton target={{ kind: 'delivery', id: d.id }} size="sm" /> : null}
        <DeliveryActionButtons delivery={d} onAction={onAction} busy={busy} />
      </Group>
    </Card>
  );
}
