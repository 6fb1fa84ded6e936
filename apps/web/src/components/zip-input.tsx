import { InputBase } from '@mantine/core';
import type { TMaskedInputProps } from './masked-input.tsx';

const ZIP_LENGTH = 5;

/**
 * A five-digit US ZIP code (spec: zip mask 5 digits). The mask is digits only, so it is a
 * filter on the typed text rather than react-imask: imask is 14 KB compressed, and this
 * input is on the helper search, an entry page with a JavaScript budget.
 */
export function ZipInput({ value, onChange, ...props }: Omit<TMaskedInputProps, 'mask'>) {
  return (
    <InputBase
      placeholder="90001"
      autoComplete="postal-code"
      inputMode="numeric"
      maxLength={ZIP_LENGTH}
      {...props}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value.replace(/\D/g, '').slice(0, ZIP_LENGTH);
        if (next !== value) onChange(next);
      }}
    />
  );
}
