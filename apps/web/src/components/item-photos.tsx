import { Anchor, Group, Image, Modal, Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import classes from './item-photos.module.css';

/**
 * Which item photo is open full size over a details modal (an order or a delivery).
 *
 * The details modal owns this state, not the thumbnails: its own Escape handler then closes the
 * photo instead of itself. That holds even for an Escape pressed before the photo's modal has taken
 * focus, which a "tell the parent in an effect" design lost (the order closed with the photo).
 * `subject` is what the details modal shows (its id): another subject starts with no photo open.
 */
export function usePhotoViewer(subject: unknown) {
  const [state, setState] = useState<{ subject: unknown; index: number } | null>(null);
  const open = state !== null && state.subject === subject ? state.index : null;
  return {
    open,
    show: (index: number) => setState({ subject, index }),
    hide: () => setState(null),
    /** The details modal's onClose: closes the open photo first, the modal otherwise. */
    closeFirst: (onClose: () => void) => () => (open !== null ? setState(null) : onClose()),
  };
}

export type TPhotoViewer = ReturnType<typeof usePhotoViewer>;

type TItemPhotosProps = {
  /** Signed links (they expire in 15 to 20 minutes; the details query refreshes them). */
  photos: readonly string[];
  viewer: TPhotoViewer;
  fullScreen: boolean;
  'data-testid'?: string;
};

/** The customer's photos of the items: thumbnails that open one photo full size. */
export function ItemPhotos({ photos, viewer, fullScreen, 'data-testid': testId }: TItemPhotosProps) {
  const { open } = viewer;
  const shown = open === null ? undefined : photos[open];
  const label = (i: number) => `Item photo ${i + 1} of ${photos.length}`;
  return (
    <>
      <Group gap="sm" wrap="wrap" data-testid={testId}>
        {photos.map((src, i) => (
          <UnstyledButton
            key={src}
            className={classes.thumb}
            onClick={() => viewer.show(i)}
            aria-label={`Open ${label(i).toLowerCase()} full size`}
          >
            <Image src={src} alt={label(i)} w={88} h={88} fit="cover" radius="sm" loading="lazy" />
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={shown !== undefined}
        onClose={viewer.hide}
        title={open === null ? '' : label(open)}
        size="auto"
        centered
        fullScreen={fullScreen}
      >
        {shown !== undefined && open !== null ? (
          <Stack gap="xs" align="center">
            <Image src={shown} alt={label(open)} fit="contain" className={classes.full} />
            <Anchor href={shown} target="_blank" rel="noopener noreferrer" size="sm">
              Open in a new tab
            </Anchor>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
