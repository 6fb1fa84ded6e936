import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** The red "Delete …?" confirmation (spec: every delete asks first); `onConfirm` runs on Delete. */
export function confirmDelete({
  title,
  question,
  onConfirm,
}: {
  title: string;
  question: string;
  onConfirm: () => void;
}): void {
  modals.openConfirmModal({
    title: (
      <Text fw={700} fz="lg">
        {title}
      </Text>
    ),
    children: <Text size="sm">{question}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
