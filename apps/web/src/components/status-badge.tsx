import { Badge, type MantineColor } from '@mantine/core';

/** A colour per order status id (docs/decisions/007): new blue, accepted green, ended grey or red. */
const COLOR: Record<number, MantineColor> = {
  0: 'yellow',
  1: 'blue',
  2: 'teal',
  3: 'red',
  4: 'gray',
  5: 'green',
  6: 'orange',
  7: 'violet',
};

type TStatusBadgeProps = { statusId: number; label: string };

/** The order's status label in its colour. */
export function StatusBadge({ statusId, label }: TStatusBadgeProps) {
  return (
    <Badge color={COLOR[statusId] ?? 'gray'} variant="light" radius="sm" data-testid="order-status">
      {label}
    </Badge>
  );
}
