import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

type TEditDeleteActionsProps = {
  /** What the buttons act on, for their accessible names: "Edit {what}", "Delete {what}". */
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  /** 'lg' in table rows, 'md' in the compact lists beside a calendar. */
  size?: 'md' | 'lg';
  gap?: number;
  justify?: 'flex-end';
};

/** Edit and Delete icon buttons of a row or card, with tooltips. */
export function EditDeleteActions({
  what,
  onEdit,
  onDelete,
  size = 'md',
  gap = 2,
  justify,
}: TEditDeleteActionsProps) {
  const icon = size === 'lg' ? 18 : 16;
  return (
    <Group gap={gap} wrap="nowrap" justify={justify}>
      <Tooltip label="Edit" openDelay={400}>
        <ActionIcon
          variant="subtle"
          size={size === 'lg' ? 'lg' : undefined}
          onClick={onEdit}
          aria-label={`Edit ${what}`}
        >
          <IconPencil size={icon} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="red"
          size={size === 'lg' ? 'lg' : undefined}
          onClick={onDelete}
          aria-label={`Delete ${what}`}
        >
          <IconTrash size={icon} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
