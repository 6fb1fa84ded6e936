import { Alert, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { IconCash, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';

type TDeliveryPaymentProps = {
  value: 'cash' | 'electronic';
  onChange: (value: 'cash' | 'electronic') => void;
  /** Whether the server takes cards (null: not known yet). */
  cardAvailable: boolean | null;
  error?: string | undefined;
};

/** Cash or card, as the moving booking: card only when the server takes card payments. */
export function DeliveryPayment({ value, onChange, cardAvailable, error }: TDeliveryPaymentProps) {
  return (
    <>
      <Radio.Group
        label="Payment method"
        withAsterisk
        size="md"
        value={value}
        onChange={(v) => onChange(v === 'electronic' ? 'electronic' : 'cash')}
        error={error}
      >
        <SimpleGrid cols={{ base: 1, sm: cardAvailable ? 2 : 1 }} spacing="sm" mt={6}>
          <Radio.Card value="cash" radius="md" p="md" data-testid="pay-cash">
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <IconCash size={22} stroke={1.6} aria-hidden />
              <div>
                <Text fw={600} size="sm">
                  Cash
                </Text>
                <Text size="xs" c="dimmed">
                  Pay your helper when the delivery is done. It opens for bidding at once.
                </Text>
              </div>
            </Group>
          </Radio.Card>
          {cardAvailable ? (
            <Radio.Card value="electronic" radius="md" p="md" data-testid="pay-electronic">
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <IconCreditCard size={22} stroke={1.6} aria-hidden />
                <div>
                  <Text fw={600} size="sm">
                    Card
                  </Text>
                  <Text size="xs" c="dimmed">
                    Pay securely online now. It opens for bidding once paid.
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ) : null}
        </SimpleGrid>
      </Radio.Group>
      {cardAvailable === false ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="cash-only-note">
          Card payment is not available yet; you pay your helper in cash.
        </Alert>
      ) : null}
    </>
  );
}
