import { GIFT_AMOUNTS, GIFT_DEFAULT, isValidEmail, REFERRAL_MSG } from '@haulpro/shared/referral';
import { Button, Card, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../../components/money.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useGeneratePromo } from '../api/generate-promo.ts';

type TProps = { available: number; ownEmail: string };

/** A gift coupon of 5 to 25 dollars e-mailed to someone else (spec: gift coupon). */
export function GiftCouponCard({ available, ownEmail }: TProps) {
  // The spec's default is $25; with less credit, the largest gift it covers (the others are disabled).
  const [picked, setPicked] = useState<string | null>(null);
  const affordable = GIFT_AMOUNTS.filter((a) => a <= available);
  const fallback = affordable.includes(GIFT_DEFAULT) ? GIFT_DEFAULT : (affordable.at(-1) ?? GIFT_DEFAULT);
  const amount = picked !== null && Number(picked) <= available ? picked : String(fallback);
  const amounts = GIFT_AMOUNTS.map((a) => ({ value: String(a), label: `$${a}`, disabled: a > available }));
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ email?: string; amount?: string }>({});
  const generate = useGeneratePromo();
  const typed = email.trim().toLowerCase();
  const self = typed !== '' && typed === ownEmail.toLowerCase();
  const emailError =
    errors.email ??
    (self
      ? REFERRAL_MSG.giftToSelf
      : typed !== '' && !isValidEmail(typed)
        ? REFERRAL_MSG.invalidEmail
        : undefined);
  const tooMuch = Number(amount) > available;
  // Nothing is affordable: said once the user starts writing to someone.
  const amountError = errors.amount ?? (tooMuch && typed !== '' ? REFERRAL_MSG.invalidAmount : undefined);
  const canSend = typed !== '' && !emailError && !tooMuch;

  function send() {
    if (!canSend) return;
    setErrors({});
    generate.mutate(
      { amount: Number(amount), email: typed },
      {
        onSuccess: () => setEmail(''),
        onError: (error) => {
          if (error instanceof ApiError)
            setErrors({ email: error.field('email'), amount: error.field('amount') });
        },
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="gift-card">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Gift coupon
            </Title>
            <Text size="sm" c="dimmed">
              Send a coupon from your credit ({formatMoney(available)} available) to a friend by email.
            </Text>
          </div>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="gift-amount-label">
              Amount
            </Text>
            <SegmentedControl
              aria-labelledby="gift-amount-label"
              data={amounts}
              value={amount}
              onChange={(v) => {
                setPicked(v);
                setErrors({});
              }}
              fullWidth
            />
            {amountError ? (
              <Text size="xs" c="red.9" role="alert">
                {amountError}
              </Text>
            ) : null}
          </Stack>
          <TextInput
            label="Friend's email"
            type="email"
            placeholder="friend@example.com"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setErrors({});
            }}
            error={emailError}
          />
          <Button
            type="submit"
            leftSection={<IconGift size={16} />}
            disabled={!canSend}
            loading={generate.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Send gift coupon
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
