import { Alert, Card, Divider, Group, List, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCalendarEvent,
  IconCircleDashed,
  IconPackages,
  IconRoute,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dayjs } from '../../../lib/dayjs.ts';
import type { TDeliveryQuote } from '../api/get-delivery-quote.ts';
import type { TDeliveryDraft, TPriceNeed } from '../lib/delivery-draft.ts';
import { DELIVERY_VEHICLES, formatLbs } from '../lib/delivery-vehicles.ts';
import { windowLabel } from '../lib/show-up-window.ts';
import { formatPrice } from './quote-breakdown.tsx';

/** Why there is no price to show, or the price. */
export type TPriceState =
  | { kind: 'needs'; needs: TPriceNeed[] }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'price'; quote: TDeliveryQuote; updating: boolean };

const NEED_TEXT: Record<TPriceNeed, string> = {
  items: 'Each item’s name, quantity, weight and size',
  vehicle: 'A vehicle',
  pickup: 'The pickup ZIP',
  destination: 'The destination ZIP',
  tip: 'A tip from $0 to $500',
};

type TDeliveryPriceSummaryProps = {
  state: TPriceState;
  values: TDeliveryDraft;
  loadLbs: number;
  testId: string;
};

function Line({
  label,
  hint,
  amount,
  testId,
}: {
  label: string;
  hint?: string;
  amount: number;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid={testId}>
      <div>
        <Text size="sm">{label}</Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </div>
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {formatPrice(amount)}
      </Text>
    </Group>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} component="span" style={{ display: 'inline-flex' }} aria-hidden>
        {icon}
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function Price({ quote, updating }: { quote: TDeliveryQuote; updating: boolean }) {
  const { lines } = quote;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
            Total
          </Text>
          <Text fz={34} fw={800} lh={1.1} data-testid="delivery-total">
            {formatPrice(quote.total_price)}
          </Text>
        </div>
        {updating ? <Loader size="sm" role="status" aria-label="Updating the price" /> : null}
      </Group>
      <Stack gap={8}>
        <Line
          label="Base fare"
          hint="The vehicle and the first 5 miles"
          amount={lines.base_fare}
          testId="line-base-fare"
        />
        <Line
          label="Distance"
          hint={`${quote.distance_miles.toFixed(1)} mi between the ZIPs`}
          amount={lines.distance}
          testId="line-distance"
        />
        <Line label="Items" hint="3 pieces included, then $5 each" amount={lines.items} testId="line-items" />
        <Line label="Weight" hint="Over 100 lbs in total" amount={lines.weight} testId="line-weight" />
        <Divider />
        <Group justify="space-between" wrap="nowrap" data-testid="line-base-price">
          <Text size="sm" fw={600}>
            Base Price
          </Text>
          <Text size="sm" fw={600}>
            {formatPrice(quote.base_price)}
          </Text>
        </Group>
        {quote.tip > 0 ? (
          <Line label="Tip" hint="All of it goes to your helper" amount={quote.tip} testId="line-tip" />
        ) : null}
        <Divider />
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>Total</Text>
          <Text fw={800} data-testid="line-total">
            {formatPrice(quote.total_price)}
          </Text>
        </Group>
      </Stack>
      {quote.helpers_in_area > 0 ? (
        <Group gap="xs" wrap="nowrap" data-testid="helpers-in-area">
          <ThemeIcon size={28} radius="xl" variant="light" color="teal" aria-hidden>
            <IconUsers size={16} />
          </ThemeIcon>
          <Text size="sm" fw={500}>
            {quote.helpers_in_area === 1
              ? '1 helper covers this pickup'
              : `${quote.helpers_in_area} helpers cover this pickup`}
          </Text>
        </Group>
      ) : (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="helpers-in-area"
        >
          No helpers cover this pickup yet, so nobody could take this delivery. Try a pickup closer to a city.
        </Alert>
      )}
    </Stack>
  );
}

/** The live price: the server's lines, tip and total, the distance and the helpers in the area. */
export function DeliveryPriceSummary({ state, values, loadLbs, testId }: TDeliveryPriceSummaryProps) {
  const vehicle = DELIVERY_VEHICLES.find((v) => v.value === values.vehicle_type);
  const pieces = values.items.reduce((n, i) => n + (typeof i.count === 'number' ? i.count : 0), 0);
  return (
    <Card padding="lg" withBorder data-testid={testId}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          Your price
        </Title>
        <Stack gap={6}>
          <Fact icon={<IconPackages size={16} />}>
            {pieces === 1 ? '1 piece' : `${pieces} pieces`}
            {loadLbs > 0 ? ` · ${formatLbs(loadLbs)}` : ''}
            {vehicle ? ` · ${vehicle.label}` : ''}
          </Fact>
          <Fact icon={<IconCalendarEvent size={16} />}>
            {values.arrival_date ? dayjs(values.arrival_date).format('ddd, MMM D') : 'Choose a date'}
            {values.arrival_time ? ` · ${windowLabel(values.arrival_time)}` : ''}
          </Fact>
          {state.kind === 'price' ? (
            <Fact icon={<IconRoute size={16} />}>
              <span data-testid="delivery-distance">{state.quote.distance_miles.toFixed(1)} mi</span> from
              pickup to destination
            </Fact>
          ) : null}
        </Stack>
        <Divider />
        {state.kind === 'price' ? (
          <Price quote={state.quote} updating={state.updating} />
        ) : state.kind === 'needs' ? (
          <Stack gap="xs" data-testid="price-needs">
            <Text size="sm" fw={500}>
              Your price appears here as soon as the form has:
            </Text>
            <List
              size="sm"
              spacing={4}
              icon={<IconCircleDashed size={16} color="var(--mantine-color-gray-6)" aria-hidden />}
            >
              {state.needs.map((n) => (
                <List.Item key={n}>{NEED_TEXT[n]}</List.Item>
              ))}
            </List>
          </Stack>
        ) : state.kind === 'loading' ? (
          <Group gap="sm">
            <Loader size="sm" role="status" aria-label="Getting the price" />
            <Text size="sm" c="dimmed">
              Getting the price…
            </Text>
          </Group>
        ) : (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            data-testid="price-error"
          >
            {state.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
