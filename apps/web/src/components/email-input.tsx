import { TextInput, type TextInputProps } from '@mantine/core';

/** The e-mail field of the sign-in, sign-up and contact forms. */
export function EmailInput(props: TextInputProps) {
  return (
    <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />
  );
}
