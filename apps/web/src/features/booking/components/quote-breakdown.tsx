import type { THelperListItem } from '@haulpro/shared/booking';
import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { IconTrendingUp } from '@tabler/icons-react';
import { formatMoney } from '../../../components/money.tsx';

type TQuote = THelperListItem['quote'];

/** Hours as "2 h" or "2.5 h". */
export function formatHours(hours: number): string {
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

/** Dollars with cents always, as on an invoice: "$1,234.50". */
export function formatPrice(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

function Line({
  label,
  amount,
  hint,
  testId,
}: {
  label: string;
  amount: number;
  hint?: string;
  testId?: string;
}) {
  const discount = amount < 0;
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
      <Text size="sm" fw={500} c={discount ? 'teal.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {discount ? `−${formatPrice(-amount)}` : formatPrice(amount)}
      </Text>
    </Group>
  );
}

/** The itemised quote: labor, fees, date adjustment and the total (money in dollars). */
export function QuoteBreakdown({ quote }: { quote: TQuote }) {
  const moreThanAsked = quote.billable_hours > quote.hours_count;
  return (
    <Stack gap={8} data-testid="quote-breakdown">
      <Line
        label={`${formatMoney(quote.hourly)}/h × ${formatHours(quote.billable_hours)}`}
        hint={moreThanAsked ? `Minimum ${formatHours(quote.minimum_hours)} for this crew` : undefined}
        amount={quote.total_for_n_hours}
      />
      {quote.is_double_drive && quote.double_drive_price > 0 ? (
        <Line
          label="Double drive"
          hint={`${formatHours(quote.double_drive_hours)} of driving between the addresses`}
          amount={quote.double_drive_price}
        />
      ) : null}
      {quote.bedroom_fee > 0 ? <Line label="Bedroom fee" amount={quote.bedroom_fee} /> : null}
      {quote.equipment > 0 ? <Line label="Equipment" amount={quote.equipment} /> : null}
      {quote.date_adjustment !== 0 ? (
        <Line
          label={quote.date_adjustment < 0 ? 'Date discount' : 'Date surcharge'}
          amount={quote.date_adjustment}
        />
      ) : null}
      <Line label="Service fee" amount={quote.service_fee} />
      {quote.processing_fee > 0 ? <Line label="Card processing fee" amount={quote.processing_fee} /> : null}
      {quote.is_surge ? (
        <Badge
          variant="light"
          color="orange"
          leftSection={<IconTrendingUp size={12} />}
          style={{ alignSelf: 'flex-start' }}
        >
          Long-distance rate ({quote.distance_miles.toFixed(1)} mi)
        </Badge>
      ) : null}
      <Divider my={2} />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Total</Text>
        <Text fw={800} data-testid="quote-total">
          {formatPrice(quote.total)}
        </Text>
      </Group>
    </Stack>
  );
}
