import { Input, InputBase } from '@mantine/core';
import type { DatePickerInputProps } from '@mantine/dates';
import { type ComponentType, lazy, Suspense } from 'react';
import { dayjs } from '../lib/dayjs.ts';

type TProps = DatePickerInputProps<'default'> & { 'data-testid'?: string };

// The single-date form of Mantine's generic picker.
const DatePickerInput = lazy(() =>
  import('./date-picker-input.tsx').then((m) => ({ default: m.DatePickerInput as ComponentType<TProps> })),
);

/**
 * The date picker of an entry page (the helper search): the calendar, its styles and its popover
 * download right after the first paint, and until then the field is drawn as it will look,
 * with its label, value and error, so nothing moves when the picker arrives.
 */
export function LazyDatePickerInput(props: TProps) {
  return (
    <Suspense fallback={<DateFieldPlaceholder {...props} />}>
      <DatePickerInput {...props} />
    </Suspense>
  );
}

function DateFieldPlaceholder({
  label,
  withAsterisk,
  leftSection,
  size,
  error,
  style,
  value,
  valueFormat,
  placeholder,
  'data-testid': testId,
}: TProps) {
  const text = value ? dayjs(String(value)).format(valueFormat ?? 'MMMM D, YYYY') : null;
  return (
    <InputBase
      component="button"
      type="button"
      label={label}
      withAsterisk={withAsterisk}
      leftSection={leftSection}
      size={size}
      error={error}
      style={style}
      data-testid={testId}
      pointer
    >
      {text ?? <Input.Placeholder>{placeholder}</Input.Placeholder>}
    </InputBase>
  );
}
