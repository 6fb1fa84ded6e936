import { PRICING_MSG } from '@haulpro/shared/pricing';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useRef, useState } from 'react';

export type TWholeNumberInputProps = Omit<NumberInputProps, 'allowDecimal' | 'allowNegative'>;

/**
 * A NumberInput for whole numbers (spec: "rates and discount amounts accept integers only").
 * A decimal point is refused with the message under the field, and the digits typed after
 * it are dropped, so "45.5" reads 45 and says why, rather than silently becoming 455.
 */
export function WholeNumberInput({
  error,
  onChange,
  onKeyDown,
  onPaste,
  onBlur,
  ...props
}: TWholeNumberInputProps) {
  const [fraction, setFraction] = useState(false);
  const droppingDecimals = useRef(false);

  return (
    <NumberInput
      inputMode="numeric"
      clampBehavior="none"
      {...props}
      allowDecimal={false}
      allowNegative={false}
      error={error || (fraction ? PRICING_MSG.integer : undefined)}
      onChange={(value) => {
        setFraction(false);
        onChange?.(value);
      }}
      onKeyDown={(event) => {
        if (event.key === '.' || event.key === ',') {
          event.preventDefault();
          droppingDecimals.current = true;
          setFraction(true);
        } else if (droppingDecimals.current && /^\d$/.test(event.key)) {
          event.preventDefault();
        } else {
          droppingDecimals.current = false;
        }
        onKeyDown?.(event);
      }}
      onPaste={(event) => {
        if (/[.,]\d/.test(event.clipboardData.getData('text'))) {
          event.preventDefault();
          setFraction(true);
        }
        onPaste?.(event);
      }}
      onBlur={(event) => {
        droppingDecimals.current = false;
        onBlur?.(event);
      }}
    />
  );
}
