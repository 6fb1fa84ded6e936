import { SHOW_UP_WINDOWS } from '@haulpro/shared/pricing-constants';
import { Chip, Input, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { LazyDatePickerInput } from '../../../components/lazy-date-picker-input.tsx';
import { firstDeliveryDay, type TDeliveryDraft } from '../lib/delivery-draft.ts';
import { isShowUpWindow, windowLabel } from '../lib/show-up-window.ts';
import { DeliverySection } from './delivery-section.tsx';

type TDeliveryWhenSectionProps = {
  form: UseFormReturnType<TDeliveryDraft>;
  errorOf: (path: string) => string | undefined;
};

/** Step 5 of the delivery form: the day (from tomorrow) and the show-up window. */
export function DeliveryWhenSection({ form, errorOf }: TDeliveryWhenSectionProps) {
  const values = form.values;
  const { setFieldValue } = form;
  return (
    <DeliverySection step={5} title="Date and time" testId="section-when">
      <LazyDatePickerInput
        label="Date"
        withAsterisk
        placeholder="Choose a date"
        description="From tomorrow on"
        leftSection={<IconCalendar size={16} />}
        valueFormat="ddd, MMM D, YYYY"
        minDate={firstDeliveryDay()}
        value={values.arrival_date}
        onChange={(d) => {
          setFieldValue('arrival_date', d);
          form.clearFieldError('arrival_date');
        }}
        error={errorOf('arrival_date')}
        popoverProps={{ withinPortal: true }}
        size="md"
        maw={360}
        data-testid="delivery-date"
      />
      <Input.Wrapper
        label="Show-up time"
        labelElement="div"
        withAsterisk
        size="md"
        error={errorOf('arrival_time')}
        id="delivery-arrival-time"
      >
        <Chip.Group
          multiple={false}
          value={values.arrival_time}
          onChange={(v) => {
            if (isShowUpWindow(v)) {
              setFieldValue('arrival_time', v);
              form.clearFieldError('arrival_time');
            }
          }}
        >
          <SimpleGrid
            cols={{ base: 2, sm: 3, lg: 5 }}
            spacing={8}
            mt={6}
            role="radiogroup"
            aria-label="Show-up time"
          >
            {SHOW_UP_WINDOWS.map((w) => (
              <Chip
                key={w}
                value={w}
                type="radio"
                variant="outline"
                radius="md"
                size="md"
                styles={{ label: { width: '100%', justifyContent: 'center', paddingInline: 8 } }}
              >
                {windowLabel(w)}
              </Chip>
            ))}
          </SimpleGrid>
        </Chip.Group>
      </Input.Wrapper>
    </DeliverySection>
  );
}
