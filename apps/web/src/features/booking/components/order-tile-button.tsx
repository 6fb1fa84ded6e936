import type { TOrderTile } from '@haulpro/shared/booking';
import { Badge, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import classes from './booking.module.css';
import { TILE_LOOK } from './order-tile-look.ts';

type TOrderTileButtonProps = {
  tile: TOrderTile;
  onChoose: (tile: TOrderTile) => void;
  /** Show the one-line explanation (the modal has room for it; the slider does not). */
  withBlurb?: boolean;
  className?: string;
};

/** One of the nine Start New Order tiles. */
export function OrderTileButton({ tile, onChoose, withBlurb = false, className }: TOrderTileButtonProps) {
  const look = TILE_LOOK[tile.key];
  const Icon = look.icon;
  return (
    <UnstyledButton
      className={className ? `${classes.tile} ${className}` : classes.tile}
      onClick={() => onChoose(tile)}
      data-testid={`order-tile-${tile.key}`}
    >
      <ThemeIcon size={52} radius="xl" variant="light" color={look.color} aria-hidden>
        <Icon size={28} stroke={1.6} />
      </ThemeIcon>
      <Text fw={650} size="sm" lh={1.25}>
        {tile.label}
      </Text>
      {withBlurb ? (
        <Text size="xs" c="dimmed" lh={1.35} visibleFrom="sm">
          {look.blurb}
        </Text>
      ) : null}
      {tile.target === 'delivery' ? (
        <Badge size="xs" variant="light" color="gray" mt="auto">
          Delivery
        </Badge>
      ) : null}
    </UnstyledButton>
  );
}
