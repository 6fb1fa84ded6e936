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

/** One choice of the group: its icon, its name and what it means for this job. */
function PayCard(p: { value: TPaymentMethod; icon: typeof IconCash; title: string; text: string }) {
  const Icon = p.icon;
  return (
    <Radio.Card value={p.value} radius="md" p="md" data-testid={`pay-${p.value}`}>
      <Group wrap="nowrap" gap="sm">
        <Radio.Indicator />
        <Icon size={22} stroke={1.6} aria-hidden />
        <div>
          <Text fw={600} size="sm">
            {p.title}
          </Text>
          <Text size="xs" c="dimmed">
            {p.text}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
}

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
          <PayCard value="cash" icon={IconCash} title="Cash" text={texts.cash} />
          {cardAvailable ? (
            <PayCard value="electronic" icon={IconCreditCard} title="Card" text={texts.card} />
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
