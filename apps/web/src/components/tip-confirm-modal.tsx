import { BREAKPOINTS } from '@haulpro/shared/constants';
import { Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { roundTip, TIP_PERCENTS, tipError, tipOfPercent } from '../lib/tip.ts';
import { FormFooter } from './form-footer.tsx';
import { formatMoney } from './money.tsx';

const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.sm - 0.2) / 16}em)`;

type TChoice = 'none' | `${(typeof TIP_PERCENTS)[number]}` | 'other';

const CHOICES: { value: TChoice; label: string }[] = [
  { value: 'none', label: 'None' },
  ...TIP_PERCENTS.map((p) => ({ value: `${p}` as TChoice, label: `${p} %` })),
  { value: 'other', label: 'Other amount' },
];

type TTipConfirmModalProps = {
  opened: boolean;
  /** "Confirm move #12 is done". */
  title: string;
  /** The job's price in dollars, as its card shows it. */
  price: number;
  /** A cash job: the crew is tipped in cash, we only record it. */
  cash: boolean;
  loading?: boolean;
  /** A message from the server for `tip`. */
  serverError?: string | undefined;
  onClose: () => void;
  /** Called with the tip in dollars (0 for none), rounded to the cent and at most the price. */
  onConfirm: (tip: number) => void;
};

/**
 * Confirming a finished job (a moving order or a delivery) with an optional tip: none, a percent
 * of the price, or an amount of the customer's own, up to the price.
 */
export function TipConfirmModal({
  opened,
  title,
  price,
  cash,
  loading = false,
  serverError,
  onClose,
  onConfirm,
}: TTipConfirmModalProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [choice, setChoice] = useState<TChoice>('none');
  const [other, setOther] = useState<number | string>('');
  const [otherError, setOtherError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setChoice('none');
    setOther('');
    setOtherError(null);
  }, [opened]);

  const otherAmount = typeof other === 'number' ? other : other.trim() === '' ? 0 : Number(other);
  const tip =
    choice === 'none' ? 0 : choice === 'other' ? roundTip(otherAmount) : tipOfPercent(price, Number(choice));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice === 'other') {
      const error = tipError(otherAmount, price);
      setOtherError(error);
      if (error) return;
    }
    onConfirm(tip);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">The job cost {formatMoney(price)}. Would you like to add a tip for your crew?</Text>
          <div>
            <Text id="tip-choice-label" size="sm" fw={500} mb={4}>
              Tip
            </Text>
            <SegmentedControl
              aria-labelledby="tip-choice-label"
              data={CHOICES}
              value={choice}
              onChange={(v) => {
                setChoice(v as TChoice);
                setOtherError(null);
              }}
              fullWidth
              orientation={phone ? 'vertical' : 'horizontal'}
              data-testid="tip-choice"
            />
          </div>
          {choice === 'other' ? (
            <NumberInput
              label="Tip amount"
              prefix="$"
              decimalScale={2}
              min={0}
              max={price}
              clampBehavior="none"
              allowNegative={false}
              thousandSeparator=","
              value={other}
              onChange={(v) => {
                setOther(v);
                const n = typeof v === 'number' ? v : Number(v);
                setOtherError(v === '' ? null : tipError(n, price));
              }}
              error={otherError ?? undefined}
              // Mantine's default red (red.6) reads at 3.3:1 on white; red.8 passes AA.
              styles={{
                error: { color: 'var(--mantine-color-red-8)' },
                ...(otherError
                  ? {
                      input: {
                        color: 'var(--mantine-color-red-8)',
                        borderColor: 'var(--mantine-color-red-8)',
                      },
                    }
                  : {}),
              }}
              data-autofocus
            />
          ) : null}
          <Text fw={600} data-testid="tip-summary" aria-live="polite">
            {otherError
              ? `Tip: up to ${formatMoney(price)}`
              : `Tip: ${formatMoney(tip)} — 100 % goes to your crew`}
          </Text>
          {cash ? (
            <Text size="sm" data-testid="tip-cash-note">
              Pay the tip in cash to your crew; we record it so it shows in their earnings.
            </Text>
          ) : null}
          {serverError ? (
            <Text size="sm" c="red.8" role="alert">
              {serverError}
            </Text>
          ) : null}
          <FormFooter
            cancelLabel="Back"
            onCancel={onClose}
            submitLabel="Confirm completion"
            submit={{ loading, color: 'teal' }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
