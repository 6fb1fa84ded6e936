import type { TOrder, TOrderAddress } from '@haulpro/shared/order-wire';
import { cutText } from '@haulpro/shared/text';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { OrderCrew } from './order-crew.tsx';

/** Heavy items are cut at 150 characters on cards (spec). */
const HEAVY_ITEMS_MAX = 150;

type TFieldProps = { label: string; children: ReactNode };

function Field({ label, children }: TFieldProps) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Address({ a }: { a: TOrderAddress }) {
  return (
    <Text size="sm" component="span" display="block" style={{ overflowWrap: 'anywhere' }}>
      {a.address}, {a.city_or_town}, {a.state} {a.zip_code}
      <Text span size="xs" c="dimmed" display="block">
        {a.type_property} · {a.flights_of_stairs_text}
      </Text>
    </Text>
  );
}

type TOrderDetailsProps = {
  order: TOrder;
  /** Cards cut heavy items at 150 characters; the detail modal shows them whole. */
  cutHeavyItems?: boolean;
};

/**
 * The order's details (spec: type of move, service method, bedrooms if above 0, floors, type
 * of help, transport types, truck size, payment type and method, heavy items, contact name,
 * e-mail, phones, pickups and destinations).
 */
export function OrderDetails({ order, cutHeavyItems = true }: TOrderDetailsProps) {
  const heavy = order.unique_items
    ? cutHeavyItems
      ? cutText(order.unique_items, HEAVY_ITEMS_MAX)
      : order.unique_items
    : '—';
  return (
    <Stack gap="md" data-testid="order-details">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        <Field label="Type of move">{order.type_moving}</Field>
        <Field label="Service method">{order.service}</Field>
        {order.bedrooms_count > 0 ? <Field label="Bedrooms">{order.bedrooms_count}</Field> : null}
        <Field label="Floors">{order.stories_count}</Field>
        <Field label="Type of help">{order.type_help}</Field>
        <Field label="Transport">
          {order.type_transportation.length > 0 ? order.type_transportation.join(', ') : 'None'}
        </Field>
        <Field label="Truck size">{order.truck_size ?? '—'}</Field>
        <Field label="Payment type">{order.type_payment}</Field>
        <Field label="Payment method">{order.payment_method === 'cash' ? 'Cash' : 'Electronic'}</Field>
        <Field label="Heavy items">{heavy}</Field>
        <Field label="Contact name">{order.name}</Field>
        <Field label="E-mail">{order.email ?? 'Shown once accepted'}</Field>
        <Field label="Phone">{order.phone ?? '—'}</Field>
        {order.secondary_phone ? <Field label="Second phone">{order.secondary_phone}</Field> : null}
        {order.notes ? <Field label="Notes">{order.notes}</Field> : null}
      </SimpleGrid>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Crew
        </Text>
        {order.crew.length > 0 ? (
          <OrderCrew crew={order.crew} bare />
        ) : (
          <Text size="sm">Not assigned yet</Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={order.pickups.length > 1 ? 'Pickups' : 'Pickup'}>
          {order.pickups.map((a) => (
            <Address key={`${a.address}-${a.zip_code}`} a={a} />
          ))}
        </Field>
        <Field label={order.destinations.length > 1 ? 'Destinations' : 'Destination'}>
          {order.destinations.map((a) => (
            <Address key={`${a.address}-${a.zip_code}`} a={a} />
          ))}
        </Field>
      </SimpleGrid>
    </Stack>
  );
}
