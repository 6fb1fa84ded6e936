import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A form's own error (not a field's): a 429, a timeout, a message the fields have no place for. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  ) : null;
}
