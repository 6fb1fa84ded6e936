import { MaskedInput, type TMaskedInputProps } from './masked-input.tsx';

const ZIP_MASK = '00000';

/** A five-digit US ZIP code (spec: zip mask 5 digits). */
export function ZipInput(props: Omit<TMaskedInputProps, 'mask'>) {
  return (
    <MaskedInput
      placeholder="90001"
      autoComplete="postal-code"
      inputMode="numeric"
      {...props}
      mask={ZIP_MASK}
    />
  );
}
