import { checkImageFile } from '@haulpro/shared/image';
import { CROP_MIN_SIDE, checkCropSize } from '@haulpro/shared/image-crop';
import {
  Avatar,
  Button,
  type ButtonProps,
  FileButton,
  Group,
  Input,
  Loader,
  Modal,
  Stack,
  Text,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { withAllStyles } from '../lib/all-styles.ts';

/** The cropper (react-advanced-cropper) is downloaded only once a file is picked. */
const ImageCropModal = lazy(() => withAllStyles(import('./image-crop-modal.tsx')));

export type TImageCropInputProps = {
  /** Visible label of the control, e.g. "Logo" or "Profile picture". */
  label: string;
  /** The image shown now (a URL or data URL), or null. */
  value: string | null;
  /** Called with the chosen (cropped) image as a data URL. */
  onChange: (dataUrl: string) => void;
  /** Text of the pick button. */
  buttonLabel?: string;
  disabled?: boolean;
  /** Round preview (people) or square (logos). */
  round?: boolean;
};

type TPicked = { src: string; mime: string };

/** The natural size of an image at a URL (0x0 when it cannot be decoded). */
function imageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve({ width: 0, height: 0 });
    img.src = src;
  });
}

/**
 * Pick → check type and size (shared checkImageFile) → check it is at least 400x400 → crop a
 * square in a modal → Save hands on a data URL; Cancel changes nothing.
 */
function useImageCrop(onChange: (dataUrl: string) => void, title: string) {
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<TPicked | null>(null);
  const [checking, setChecking] = useState(false);
  const resetRef = useRef<() => void>(null);

  // The object URL lives as long as the modal.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.src) : undefined), [picked]);

  async function pick(file: File | null) {
    resetRef.current?.(); // picking the same file again still counts
    if (!file) return;
    const problem = checkImageFile(file);
    setError(problem);
    if (problem) return;
    setChecking(true);
    const src = URL.createObjectURL(file);
    const { width, height } = await imageSize(src);
    setChecking(false);
    const tooSmall = checkCropSize(width, height);
    if (tooSmall) {
      URL.revokeObjectURL(src);
      setError(tooSmall);
      return;
    }
    setPicked({ src, mime: file.type });
  }

  const close = () => setPicked(null);
  const modal = picked ? (
    <Suspense
      fallback={
        <Modal opened onClose={close} title={title} centered>
          <Group justify="center" py="xl" role="status" aria-label="Loading the cropper">
            <Loader />
          </Group>
        </Modal>
      }
    >
      <ImageCropModal
        src={picked.src}
        mime={picked.mime}
        title={title}
        onCancel={close}
        onSave={(dataUrl) => {
          close();
          onChange(dataUrl);
        }}
      />
    </Suspense>
  ) : null;

  return { pick, error, checking, modal, resetRef };
}

const HINT = `PNG or JPEG, at least ${CROP_MIN_SIDE}x${CROP_MIN_SIDE} pixels, up to 10 MB.`;

function PickButton(props: {
  pick: (file: File | null) => void;
  resetRef: ReturnType<typeof useImageCrop>['resetRef'];
  disabled?: boolean | undefined;
  loading: boolean;
  children: ReactNode;
  describedBy?: string | undefined;
  button?: ButtonProps | undefined;
}) {
  return (
    <FileButton
      onChange={(f) => void props.pick(f)}
      accept="image/png,image/jpeg"
      disabled={props.disabled}
      resetRef={props.resetRef}
    >
      {(fileProps) => (
        <Button
          variant="default"
          leftSection={<IconUpload size={16} />}
          loading={props.loading}
          aria-describedby={props.describedBy}
          {...props.button}
          {...fileProps}
        >
          {props.children}
        </Button>
      )}
    </FileButton>
  );
}

/** An image field: the current picture, a pick button, and the square cropper. */
export function ImageCropInput({
  label,
  value,
  onChange,
  buttonLabel = 'Upload image',
  disabled,
  round,
}: TImageCropInputProps) {
  const id = useId();
  const crop = useImageCrop(onChange, `Crop ${label.toLowerCase()}`);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      error={crop.error}
      errorProps={{ id: errorId, role: 'alert' }}
    >
      <Stack gap="xs" mt={4}>
        <Group wrap="nowrap">
          <Avatar src={value} alt={value ? label : undefined} size={80} radius={round ? 80 : 'sm'} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <PickButton
              pick={crop.pick}
              resetRef={crop.resetRef}
              disabled={disabled}
              loading={crop.checking}
              describedBy={crop.error ? `${hintId} ${errorId}` : hintId}
            >
              {buttonLabel}
            </PickButton>
            <Text size="xs" c="dimmed" id={hintId}>
              {HINT}
            </Text>
          </Stack>
        </Group>
      </Stack>
      {crop.modal}
    </Input.Wrapper>
  );
}

/**
 * The same pick-and-crop flow behind a single button (e.g. "Add photo"); its problems (type,
 * size, too small) show under it.
 */
export function ImageCropButton({
  label,
  onChange,
  disabled,
  loading = false,
  leftSection,
  cropTitle = 'Crop image',
  align = 'flex-start',
}: {
  label: string;
  onChange: (dataUrl: string) => void;
  disabled?: boolean;
  loading?: boolean;
  leftSection?: ReactNode;
  cropTitle?: string;
  /** Where the button and its lines sit: left, centre (an empty state) or right (a header). */
  align?: 'flex-start' | 'center' | 'flex-end';
}) {
  const id = useId();
  const crop = useImageCrop(onChange, cropTitle);
  return (
    <Stack
      gap={4}
      align={align}
      ta={align === 'center' ? 'center' : align === 'flex-end' ? 'right' : undefined}
    >
      <PickButton
        pick={crop.pick}
        resetRef={crop.resetRef}
        disabled={disabled}
        loading={crop.checking || loading}
        describedBy={`${id}-hint${crop.error ? ` ${id}-error` : ''}`}
        button={{ variant: 'filled', ...(leftSection ? { leftSection } : {}) }}
      >
        {label}
      </PickButton>
      <Text size="xs" c="dimmed" id={`${id}-hint`}>
        {HINT}
      </Text>
      {crop.error ? (
        <Text size="sm" c="red.8" id={`${id}-error`} role="alert" data-testid="image-error">
          {crop.error}
        </Text>
      ) : null}
      {crop.modal}
    </Stack>
  );
}
