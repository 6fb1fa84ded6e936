import { Alert, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { IconCash, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';

export type TPaymentMethod = 'cash' | 'electronic';

type TPaymentCardsProps = {
  value: TPaymentMethod;
  onChange: (value: TPaymentMethod) => void;
  /** Whether the server takes cards (null: not known yet, so neither the card nor the note). */
  cardAvailable: boolean | null;
  error?: string | undefined;
  /** Each page says what paying by cash or card means for its job, and what no card means. */
  texts: { cash: string; card: string; noCard: string };
  /** A visible label (the delivery form); without it the group is named for screen readers only. */
  label?: string;
};

/** Cash or card, the same cards on both booking pages: card only when the server takes cards. */
export function PaymentCards({ value, onChange, cardAvailable, error, texts, label }: TPaymentCardsProps) {
  return (
    <>
      <Radio.Group
        {...(label ? { label, withAsterisk: true, size: 'md' } : { 'aria-label': 'Payment method' })}
        value={value}
        onChange={(v) => onChange(v === 'electronic' ? 'electronic' : 'cash')}
        error={error}
      >
        <SimpleGrid cols={{ base: 1, sm: cardAvailable ? 2 : 1 }} spacing="sm" mt={label ? 6 : undefined}>
          <Radio.Card value="cash" radius="md" p="md" data-testid="pay-cash">
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <IconCash size={22} stroke={1.6} aria-hidden />
              <div>
                <Text fw={600} size="sm">
                  Cash
                </Text>
                <Text size="xs" c="dimmed">
                  {texts.cash}
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
                    {texts.card}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ) : null}
        </SimpleGrid>
      </Radio.Group>
      {cardAvailable === false ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="cash-only-note">
          {texts.noCard}
        </Alert>
      ) : null}
    </>
  );
}
