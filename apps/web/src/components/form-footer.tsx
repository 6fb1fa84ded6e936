import { Button, type ButtonProps, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

type TFormFooterProps = {
  /** The quiet button's label: Cancel, Back, Discard changes. */
  cancelLabel?: string;
  onCancel: () => void;
  cancelDisabled?: boolean;
  submitLabel: ReactNode;
  /** Loading, disabled, colour and icon of the submit button. */
  submit?: Pick<ButtonProps, 'loading' | 'disabled' | 'color' | 'leftSection'>;
  /** A button on the far left (e.g. Delete); `null` keeps the two buttons on the right anyway. */
  start?: ReactNode;
  mt?: MantineSpacing;
};

/** The buttons under a form or modal: a quiet cancel, then submit, on the right. */
export function FormFooter({
  cancelLabel = 'Cancel',
  onCancel,
  cancelDisabled,
  submitLabel,
  submit,
  start,
  mt,
}: TFormFooterProps) {
  const buttons = (
    <>
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" {...submit}>
        {submitLabel}
      </Button>
    </>
  );
  if (start === undefined) {
    return (
      <Group justify="flex-end" gap="sm" mt={mt}>
        {buttons}
      </Group>
    );
  }
  return (
    <Group justify="space-between" gap="sm" mt={mt}>
      {start ?? <span />}
      <Group gap="sm">{buttons}</Group>
    </Group>
  );
}
