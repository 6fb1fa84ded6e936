import 'react-advanced-cropper/dist/style.css';
import { IMAGE_MAX_BYTES } from '@haulpro/shared/constants';
import { CROP_MAX_SIDE, CROP_MIN_SIDE } from '@haulpro/shared/image-crop';
import { ActionIcon, Box, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Cropper, type CropperRef } from 'react-advanced-cropper';

export type TImageCropModalProps = {
  /** An object URL of the picked file. */
  src: string;
  /** The picked file's type: a JPEG is saved as JPEG, anything else as PNG (keeps transparency). */
  mime: string;
  title: string;
  onCancel: () => void;
  onSave: (dataUrl: string) => void;
};

/** Share of the crop's side moved or resized by one key press (Shift: a larger step). */
const STEP = 0.05;
const BIG_STEP = 0.2;

/** The canvas as a data URL under the upload limit: JPEG for photos, PNG unless it is too big. */
function toDataUrl(canvas: HTMLCanvasElement, mime: string): string {
  if (mime !== 'image/jpeg') {
    const png = canvas.toDataURL('image/png');
    // base64 is 4/3 of the bytes; a PNG too big for the server goes as a JPEG instead.
    if ((png.length * 3) / 4 <= IMAGE_MAX_BYTES) return png;
  }
  return canvas.toDataURL('image/jpeg', 0.9);
}

/**
 * The square cropper (react-advanced-cropper): the stencil is square and never smaller than
 * CROP_MIN_SIDE source pixels; Save hands on the crop (at most CROP_MAX_SIDE a side) as a data
 * URL. Drag or use the keyboard: arrows move the square, + and - resize it.
 * Loaded lazily (default export) so the library stays out of every page until a file is picked.
 */
export default function ImageCropModal({ src, mime, title, onCancel, onSave }: TImageCropModalProps) {
  const cropper = useRef<CropperRef>(null);
  const [ready, setReady] = useState(false);

  function move(dx: number, dy: number) {
    cropper.current?.setCoordinates(({ coordinates }) =>
      coordinates
        ? {
            left: coordinates.left + dx * coordinates.width,
            top: coordinates.top + dy * coordinates.height,
          }
        : {},
    );
  }

  function resize(factor: number) {
    cropper.current?.setCoordinates(({ coordinates, imageSize }) => {
      if (!coordinates) return {};
      const limit = Math.min(imageSize.width, imageSize.height);
      const side = Math.max(CROP_MIN_SIDE, Math.min(limit, coordinates.width * factor));
      const cx = coordinates.left + coordinates.width / 2;
      const cy = coordinates.top + coordinates.height / 2;
      return {
        width: side,
        height: side,
        left: Math.min(Math.max(0, cx - side / 2), imageSize.width - side),
        top: Math.min(Math.max(0, cy - side / 2), imageSize.height - side),
      };
    });
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = moves[e.key];
    if (m) move(m[0], m[1]);
    else if (e.key === '+' || e.key === '=') resize(1 + step);
    else if (e.key === '-' || e.key === '_') resize(1 / (1 + step));
    else return;
    e.preventDefault();
  }

  function save() {
    const canvas = cropper.current?.getCanvas({
      maxWidth: CROP_MAX_SIDE,
      maxHeight: CROP_MAX_SIDE,
      imageSmoothingQuality: 'high',
    });
    if (canvas) onSave(toDataUrl(canvas, mime));
  }

  return (
    <Modal opened onClose={onCancel} title={title} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" id="crop-help">
          Drag the square to choose the part to keep. With the keyboard: arrow keys move it, + and − resize it
          (Shift for bigger steps).
        </Text>
        <Box
          tabIndex={0}
          role="group"
          aria-label="Crop area"
          aria-describedby="crop-help"
          onKeyDown={onKeyDown}
          data-testid="crop-area"
          data-ready={ready || undefined}
          style={{ height: 'min(45vh, 420px)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          bg="dark.8"
        >
          <Cropper
            ref={cropper}
            src={src}
            // The library would re-read the file over XHR to find its EXIF orientation, which the
            // CSP (connect-src 'self') refuses for blob: URLs; browsers apply the orientation
            // themselves when they decode and draw the image.
            checkOrientation={false}
            crossOrigin={false}
            stencilProps={{ aspectRatio: 1, movable: true, resizable: true, grid: true }}
            minWidth={CROP_MIN_SIDE}
            minHeight={CROP_MIN_SIDE}
            onReady={() => setReady(true)}
            style={{ height: '100%' }}
          />
        </Box>
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            <Tooltip label="Smaller square" openDelay={300}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Smaller square"
                onClick={() => resize(1 / 1.1)}
              >
                <IconZoomOut size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Bigger square" openDelay={300}>
              <ActionIcon variant="default" size="lg" aria-label="Bigger square" onClick={() => resize(1.1)}>
                <IconZoomIn size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Start over" openDelay={300}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Start over"
                onClick={() => cropper.current?.reset()}
              >
                <IconArrowBackUp size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={save} disabled={!ready} data-testid="crop-save">
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
