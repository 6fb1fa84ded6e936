import { MSG } from '@haulpro/shared/messages';
import { GIFT_AMOUNTS, GIFT_DEFAULT, REFERRAL_MSG, ZPromoGenerate } from '@haulpro/shared/referral';
import { Button, Card, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { IconGift } from '@tabler/icons-react';
import { formatMoney } from '../../../components/money.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useGeneratePromo } from '../api/generate-promo.ts';

type TProps = { available: number; ownEmail: string };
type TGiftForm = { amount: string | null; email: string };

const resolve = schemaResolver(ZPromoGenerate, { sync: true });

/** The spec's default is $25; with less credit, the largest gift it covers (the others are disabled). */
function amountOf(picked: string | null, available: number): string {
  if (picked !== null && Number(picked) <= available) return picked;
  const affordable = GIFT_AMOUNTS.filter((a) => a <= available);
  return String(affordable.includes(GIFT_DEFAULT) ? GIFT_DEFAULT : (affordable.at(-1) ?? GIFT_DEFAULT));
}

/** The shared schema's verdict, plus what only this page knows: the credit and the user's own e-mail. */
function giftErrors(v: TGiftForm, available: number, ownEmail: string): FormErrors {
  const typed = v.email.trim().toLowerCase();
  const amount = Number(amountOf(v.amount, available));
  const errors = resolve({ amount, email: typed === '' ? null : typed });
  if (typed === '') errors.email ??= MSG.invalidEmail;
  else if (typed === ownEmail.toLowerCase()) errors.email = REFERRAL_MSG.giftToSelf;
  if (amount > available) errors.amount = REFERRAL_MSG.invalidAmount;
  return errors;
}

/** A gift coupon of 5 to 25 dollars e-mailed to someone else (spec: gift coupon). */
export function GiftCouponCard({ available, ownEmail }: TProps) {
  const form = useForm<TGiftForm>({
    initialValues: { amount: null, email: '' },
    validate: (v) => giftErrors(v, available, ownEmail),
  });
  const generate = useGeneratePromo();
  const amount = amountOf(form.values.amount, available);
  const amounts = GIFT_AMOUNTS.map((a) => ({ value: String(a), label: `$${a}`, disabled: a > available }));
  const typed = form.values.email.trim();
  // Said as the user writes (nothing before): the server's verdict, else the form's own.
  const live = typed === '' ? {} : giftErrors(form.values, available, ownEmail);
  const emailError = form.errors.email ?? live.email;
  const amountError = form.errors.amount ?? live.amount;
  const canSend = typed !== '' && !live.email && !live.amount;

  /** Any change drops the server's last verdict (it was about the values before). */
  function change(field: keyof TGiftForm, value: string | null) {
    form.clearErrors();
    form.setFieldValue(field, value ?? '');
  }

  function send() {
    if (!canSend || form.validate().hasErrors) return;
    generate.mutate(
      { amount: Number(amount), email: typed.toLowerCase() },
      {
        onSuccess: () => form.setFieldValue('email', ''),
        onError: (error) => {
          if (error instanceof ApiError)
            form.setErrors({ email: error.field('email'), amount: error.field('amount') });
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
              onChange={(v) => change('amount', v)}
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
            value={form.values.email}
            onChange={(e) => change('email', e.currentTarget.value)}
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
