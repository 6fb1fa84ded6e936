import { PHONE_MASK } from '@haulpro/shared/constants';
import { MaskedInput, type TMaskedInputProps } from './masked-input.tsx';

/** A US phone in the spec's mask: typing 10 digits gives '+1 (###) - ### - ####'. */
export function PhoneInput(props: Omit<TMaskedInputProps, 'mask'>) {
  return (
    <MaskedInput
      placeholder="+1 (555) - 555 - 5555"
      autoComplete="tel-national"
      inputMode="tel"
      {...props}
      mask={PHONE_MASK}
    />
  );
}
