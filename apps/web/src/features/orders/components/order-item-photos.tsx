import { Anchor, Group, Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './order-item-photos.module.css';

type TOrderItemPhotosProps = {
  /** Signed links from the order view (they expire in 15 to 20 minutes; the order query refreshes them). */
  photos: string[];
  fullScreen?: boolean;
  /** Told whether a photo is open full size. */
  onViewingChange?: (viewing: boolean) => void;
};

/** The customer's photos of heavy or unique items: thumbnails that open the photo full size. */
export function OrderItemPhotos({ photos, fullScreen = false, onViewingChange }: TOrderItemPhotosProps) {
  const [open, setOpen] = useState<number | null>(null);
  // The order modal underneath must not close on the Escape that closes the photo.
  useEffect(() => onViewingChange?.(open !== null), [open, onViewingChange]);
  useEffect(() => () => onViewingChange?.(false), [onViewingChange]);
  if (photos.length === 0) return null;
  const shown = open === null ? null : photos[open];
  const label = (i: number) => `Item photo ${i + 1} of ${photos.length}`;
  return (
    <>
      <Group gap="sm" wrap="wrap" data-testid="order-item-photos">
        {photos.map((src, i) => (
          <UnstyledButton
            key={src}
            className={classes.thumb}
            onClick={() => setOpen(i)}
            aria-label={`Open ${label(i).toLowerCase()} full size`}
            data-testid="order-item-photo"
          >
            <Image src={src} alt={label(i)} w={88} h={88} fit="cover" radius="sm" loading="lazy" />
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={shown !== null && shown !== undefined}
        onClose={() => setOpen(null)}
        title={open === null ? '' : label(open)}
        size="auto"
        centered
        fullScreen={fullScreen}
        data-testid="order-item-photo-modal"
      >
        {shown ? (
          <Stack gap="xs" align="center">
            <Image src={shown} alt={label(open ?? 0)} fit="contain" className={classes.full} />
            <Text size="sm">
              <Anchor href={shown} target="_blank" rel="noopener noreferrer">
                Open in a new tab
              </Anchor>
            </Text>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
