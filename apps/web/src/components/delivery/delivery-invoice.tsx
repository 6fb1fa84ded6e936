import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../money.tsx';

type TDeliveryInvoiceProps = {
  invoice: TDeliveryView['invoice'];
  /**
   * `helper`: Base Price, Processing Fee, optional Tip, Total Payout (spec: the invoice in delivery
   * details). `customer`: what the customer pays, Base Price, optional Tip and Total.
   */
  viewer: 'helper' | 'customer';
};

function Line({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ff="monospace">
        {amount}
      </Text>
    </Group>
  );
}

/** The delivery invoice: the same four numbers as the letter and the payout record (decision 016). */
export function DeliveryInvoice({ invoice, viewer }: TDeliveryInvoiceProps) {
  return (
    <Stack gap={6} data-testid="delivery-invoice">
      <Line label="Base Price" amount={formatMoney(invoice.base_price)} />
      {viewer === 'helper' ? (
        <Line label="Processing Fee" amount={`− ${formatMoney(invoice.processing_fee)}`} />
      ) : null}
      {invoice.tip > 0 ? <Line label="Tip" amount={formatMoney(invoice.tip)} /> : null}
      <Divider />
      {viewer === 'helper' ? (
        <Line label="Total Payout" amount={formatMoney(invoice.total_payout)} strong />
      ) : (
        <Line label="Total" amount={formatMoney(invoice.total_price)} strong />
      )}
    </Stack>
  );
}
