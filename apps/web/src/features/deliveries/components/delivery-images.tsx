import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Anchor, Group, Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';

type TDeliveryImagesProps = {
  /** Signed links (they expire in 15 to 20 minutes; the details query is refetched when reopened). */
  images: TDeliveryView['images'];
  fullScreen: boolean;
  /** Told whether a photo is open full size (the details modal then keeps Escape for the photo). */
  onViewingChange: (viewing: boolean) => void;
};

/** The customer's photos of the items: thumbnails that open the photo full size. */
export function DeliveryImages({ images, fullScreen, onViewingChange }: TDeliveryImagesProps) {
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => onViewingChange(open !== null), [open, onViewingChange]);
  useEffect(() => () => onViewingChange(false), [onViewingChange]);
  if (images.length === 0) return <Text size="sm">No photos.</Text>;
  const shown = open === null ? undefined : images[open];
  const label = (i: number) => `Item photo ${i + 1} of ${images.length}`;
  return (
    <>
      <Group gap="sm" wrap="wrap" data-testid="delivery-images">
        {images.map((image, i) => (
          <UnstyledButton
            key={image.id}
            onClick={() => setOpen(i)}
            aria-label={`Open ${label(i).toLowerCase()} full size`}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Image src={image.path} alt={label(i)} w={88} h={88} fit="cover" radius="sm" loading="lazy" />
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={shown !== undefined}
        onClose={() => setOpen(null)}
        title={open === null ? '' : label(open)}
        size="auto"
        centered
        fullScreen={fullScreen}
      >
        {shown ? (
          <Stack gap="xs" align="center">
            <Image src={shown.path} alt={label(open ?? 0)} fit="contain" mah="75vh" maw="100%" />
            <Anchor href={shown.path} target="_blank" rel="noopener noreferrer" size="sm">
              Open in a new tab
            </Anchor>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
