import { DELIVERY_LIMITS } from '@haulpro/shared/delivery-limits';
import { Button, Checkbox, Group, NumberInput, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PhoneInput } from '../../../components/phone-input.tsx';
import type { TDeliveryDraft } from '../lib/delivery-draft.ts';
import { DeliveryPayment } from './delivery-payment.tsx';
import { DeliverySection } from './delivery-section.tsx';

const QUICK_TIPS = [0, 5, 10, 20] as const;

type TDeliveryContactSectionProps = {
  form: UseFormReturnType<TDeliveryDraft>;
  errorOf: (path: string) => string | undefined;
  /** Whether the server takes cards (null until the first price arrives). */
  cardAvailable: boolean | null;
};

/** Step 7 of the delivery form: the phone for the day, the tip and how to pay. */
export function DeliveryContactSection({ form, errorOf, cardAvailable }: TDeliveryContactSectionProps) {
  const values = form.values;
  const { setFieldValue } = form;
  return (
    <DeliverySection step={7} title="Contact and payment" testId="section-payment">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PhoneInput
          label="Phone"
          withAsterisk
          description="Your helper calls this number on the day."
          value={values.phone}
          onChange={(v) => setFieldValue('phone', v)}
          onBlur={() => form.validateField('phone')}
          error={errorOf('phone')}
          size="md"
          data-testid="delivery-phone"
        />
        <div>
          <NumberInput
            label="Tip"
            description="Optional. All of it goes to your helper."
            prefix="$"
            min={0}
            max={DELIVERY_LIMITS.maxTipDollars}
            decimalScale={2}
            clampBehavior="none"
            hideControls
            size="md"
            value={values.tip}
            onChange={(v) => setFieldValue('tip', typeof v === 'number' ? v : '')}
            onBlur={() => form.validateField('tip')}
            error={errorOf('tip')}
            data-testid="delivery-tip"
          />
          <Group gap={6} mt={8}>
            {QUICK_TIPS.map((t) => (
              <Button
                key={t}
                size="compact-sm"
                radius="xl"
                variant={values.tip === t ? 'filled' : 'default'}
                aria-pressed={values.tip === t}
                onClick={() => {
                  setFieldValue('tip', t);
                  form.clearFieldError('tip');
                }}
              >
                {t === 0 ? 'No tip' : `$${t}`}
              </Button>
            ))}
          </Group>
        </div>
      </SimpleGrid>
      <Checkbox
        mt="md"
        label="Text me reminders about this job"
        description="A text the day before the delivery, to the number above. Reply STOP to stop them."
        checked={values.sms_opt_in === true}
        onChange={(e) => setFieldValue('sms_opt_in', e.currentTarget.checked)}
        error={errorOf('sms_opt_in')}
        data-testid="delivery-sms-opt-in"
        // The default red is too light on the section's tint (axe: color-contrast).
        styles={{ error: { color: 'var(--mantine-color-red-9)' } }}
      />
      <DeliveryPayment
        value={values.payment_method}
        onChange={(v) => setFieldValue('payment_method', v)}
        cardAvailable={cardAvailable}
        error={errorOf('payment_method')}
      />
    </DeliverySection>
  );
}
