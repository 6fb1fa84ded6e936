import { InputBase, type InputBaseProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { IMaskInput } from 'react-imask';

export type TMaskedInputProps = Omit<InputBaseProps, 'value' | 'onChange'> & {
  /** An imask pattern: 0 is a digit, anything else is shown as typed. */
  mask: string;
  value: string;
  /** The masked text, as shown. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  name?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  rightSection?: ReactNode;
  'data-testid'?: string;
};

/** A Mantine input with a react-imask mask (ARCHITECTURE: masks for phone, zip and year). */
export function MaskedInput({ mask, value, onChange, onBlur, ...props }: TMaskedInputProps) {
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      mask={mask}
      value={value}
      unmask={false}
      onAccept={(next: string) => {
        if (next !== value) onChange(next);
      }}
      onBlur={onBlur}
    />
  );
}
