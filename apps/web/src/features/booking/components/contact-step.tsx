import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { EmailInput } from '../../../components/email-input.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import type { TBookingDraft } from '../lib/booking-draft.ts';
import { FormSection } from './form-section.tsx';

/** Step 3, who: the contact the crew calls on the day, and notes for them. */
export function ContactStep({ form }: { form: UseFormReturnType<TBookingDraft> }) {
  const { values, errors } = form;
  return (
    <Stack gap="xl">
      <FormSection
        title="Contact"
        description="The company confirms the booking and calls this person on moving day."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Full name" withAsterisk autoComplete="name" {...form.getInputProps('name')} />
          <EmailInput withAsterisk {...form.getInputProps('email')} />
          <PhoneInput
            label="Phone"
            withAsterisk
            value={values.phone}
            onChange={(v) => form.setFieldValue('phone', v)}
            error={errors.phone}
            size="md"
            data-testid="contact-phone"
          />
          <PhoneInput
            label="Second phone"
            description="Optional"
            value={values.secondary_phone}
            onChange={(v) => form.setFieldValue('secondary_phone', v)}
            error={errors.secondary_phone}
            size="md"
            autoComplete="off"
          />
        </SimpleGrid>
        <Checkbox
          mt="md"
          label="Text me reminders about this job"
          description="A text the day before the move, to the number above. Reply STOP to stop them."
          checked={values.sms_opt_in === true}
          onChange={(e) => form.setFieldValue('sms_opt_in', e.currentTarget.checked)}
          error={errors.sms_opt_in}
          data-testid="sms-opt-in"
          // The default red is too light on the section's tint (axe: color-contrast).
          styles={{ error: { color: 'var(--mantine-color-red-9)' } }}
        />
      </FormSection>
      <FormSection title="Notes for the crew">
        <Textarea
          size="md"
          aria-label="Notes for the crew"
          placeholder="Parking, gate codes, elevator reservations…"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={1000}
          {...form.getInputProps('notes')}
        />
      </FormSection>
    </Stack>
  );
}
