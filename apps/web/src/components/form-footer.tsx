import { Button, type ButtonProps, Group, type MantineSpacing } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TFormFooterProps = {
  /** The quiet button's label: Cancel, Back, Discard changes. */
  cancelLabel?: string;
  onCancel: () => void;
  cancelDisabled?: boolean;
  submitLabel: ReactNode;
  /** Loading, disabled, colour and icon of the submit button. */
  submit?: Pick<ButtonProps, 'loading' | 'disabled' | 'color' | 'leftSection'>;
  /**
   * A Delete button on the far left, for a record that exists; `null` (a new record) keeps the
   * same layout without it. Disabled with the cancel button.
   */
  onDelete?: (() => void) | null;
  mt?: MantineSpacing;
};

/** The buttons under a form or modal: a quiet cancel, then submit, on the right; Delete on the left. */
export function FormFooter({
  cancelLabel = 'Cancel',
  onCancel,
  cancelDisabled,
  submitLabel,
  submit,
  onDelete,
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
  if (onDelete === undefined) {
    return (
      <Group justify="flex-end" gap="sm" mt={mt}>
        {buttons}
      </Group>
    );
  }
  return (
    <Group justify="space-between" gap="sm" mt={mt}>
      {onDelete ? (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={onDelete}
          disabled={cancelDisabled}
        >
          Delete
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">{buttons}</Group>
    </Group>
  );
}
