import {
  HELP_TYPES,
  MOVING_TYPES,
  SERVICE_TYPE_OPTIONS,
  type THelperListItem,
} from '@haulpro/shared/booking';
import { Anchor, Box, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CancellationPolicyLines } from '../../../components/cancellation-policy-lines.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import type { TAddressDraft, TBookingDraft } from '../lib/booking-draft.ts';
import { windowLabel } from '../lib/show-up-window.ts';
import type { TCouponTotal } from '../lib/use-coupon-total.ts';
import { CouponPreview } from './coupon-preview.tsx';
import { FormSection } from './form-section.tsx';
import { PaymentCards } from './payment-cards.tsx';
import { formatHours, QuoteBreakdown } from './quote-breakdown.tsx';

export const NO_CARD_NOTE = 'Card payment is not available yet; you pay the crew in cash';
const PAYMENT_TEXTS = {
  cash: 'Pay the crew when the job is done',
  card: 'Pay securely online now',
  noCard: `${NO_CARD_NOTE}.`,
};

type TReviewStepProps = {
  form: UseFormReturnType<TBookingDraft>;
  item: THelperListItem | undefined;
  electronicAvailable: boolean;
  coupon: TCouponTotal;
  onEdit: (step: number) => void;
};

function Block({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: number;
  onEdit: (s: number) => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={650} size="sm">
          {title}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit(step)}>
          Edit
        </Anchor>
      </Group>
      <Stack gap={4}>{children}</Stack>
    </Card>
  );
}

function addressLine(a: TAddressDraft): string {
  const stairs =
    a.flights_of_stairs === 0
      ? 'no stairs'
      : `${a.flights_of_stairs} flight${a.flights_of_stairs === 1 ? '' : 's'}`;
  return `${a.address}, ${a.city_or_town}, ${a.state} ${a.zip_code} · ${a.type_property ?? ''} · ${stairs}`;
}

const label = <T extends { value: number; label: string }>(list: readonly T[], value: number) =>
  list.find((o) => o.value === value)?.label ?? '';

/** Step 4: everything at a glance, the price and the payment method. */
export function ReviewStep({ form, item, electronicAvailable, coupon, onEdit }: TReviewStepProps) {
  const v = form.values;
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Block title="Job" step={0} onEdit={onEdit}>
          <Text size="sm">
            {v.arrival_date ? dayjs(v.arrival_date).format('ddd, MMM D, YYYY') : '—'},{' '}
            {windowLabel(v.arrival_time)}
          </Text>
          <Text size="sm" c="dimmed">
            {label(HELP_TYPES, v.type_help)} · {label(SERVICE_TYPE_OPTIONS, v.type_service)} ·{' '}
            {label(MOVING_TYPES, v.type_moving)}
          </Text>
          <Text size="sm" c="dimmed">
            {v.helpers_count} helpers · {formatHours(v.hours_count)}
          </Text>
        </Block>
        <Block title="Contact" step={2} onEdit={onEdit}>
          <Text size="sm">{v.name}</Text>
          <Text size="sm" c="dimmed">
            {v.email}
          </Text>
          <Text size="sm" c="dimmed">
            {v.phone}
            {v.secondary_phone ? ` · ${v.secondary_phone}` : ''}
          </Text>
        </Block>
        <Box style={{ gridColumn: '1 / -1' }}>
          <Block title="Addresses" step={1} onEdit={onEdit}>
            {v.pickups.map((a, i) => (
              <Text size="sm" key={a.key}>
                <Text span fw={600}>
                  Pickup{v.pickups.length > 1 ? ` ${i + 1}` : ''}:
                </Text>{' '}
                {addressLine(a)}
              </Text>
            ))}
            {v.destinations.map((a, i) => (
              <Text size="sm" key={a.key}>
                <Text span fw={600}>
                  Destination{v.destinations.length > 1 ? ` ${i + 1}` : ''}:
                </Text>{' '}
                {addressLine(a)}
              </Text>
            ))}
            {v.unique_items.trim() ? (
              <Text size="sm" c="dimmed">
                Items: {v.unique_items.trim()}
                {v.item_photos.length > 0
                  ? ` (${v.item_photos.length} photo${v.item_photos.length === 1 ? '' : 's'})`
                  : ''}
              </Text>
            ) : null}
          </Block>
        </Box>
      </SimpleGrid>

      <FormSection title="Payment">
        <PaymentCards
          value={v.payment_method}
          onChange={(value) => form.setFieldValue('payment_method', value)}
          cardAvailable={electronicAvailable}
          error={typeof form.errors.payment_method === 'string' ? form.errors.payment_method : undefined}
          texts={PAYMENT_TEXTS}
        />
      </FormSection>

      {item ? (
        <Card withBorder radius="md" padding="md" hiddenFrom="md">
          <Title order={3} fz="md" mb="sm">
            Price
          </Title>
          <QuoteBreakdown quote={item.quote} />
        </Card>
      ) : null}

      {item ? (
        <FormSection title="Cancellation policy">
          <CancellationPolicyLines tiers={item.cancellation_policy} />
        </FormSection>
      ) : null}

      <FormSection title="Coupon">
        <TextInput
          label="Coupon code"
          description="A coupon from Invite a friend comes off the total once, when you book (never below $0)."
          placeholder="10 letters, e.g. ABCDEFGHIJ"
          leftSection={<IconTicket size={18} aria-hidden />}
          maxLength={10}
          autoComplete="off"
          styles={{ input: { textTransform: 'uppercase' } }}
          data-testid="coupon-input"
          {...form.getInputProps('coupon')}
          error={form.errors.coupon ?? (coupon.kind === 'invalid' ? coupon.message : undefined)}
        />
        <CouponPreview coupon={coupon} />
      </FormSection>
    </Stack>
  );
}
