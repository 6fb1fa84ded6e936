import { checkImageFile } from '@haulpro/shared/image';
import { Avatar, Button, FileButton, Group, Input, Stack } from '@mantine/core';
import { useState } from 'react';

/**
 * Picks an image (png, jpg, jpeg; at most 10M) and hands it on as a data URL.
 * TODO(issue 14, helper B): the square cropper with a 400x400 minimum (react-advanced-cropper)
 * replaces the body of this component; the props stay as they are.
 */
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

export function ImageCropInput({
  label,
  value,
  onChange,
  buttonLabel = 'Upload image',
  disabled,
  round,
}: TImageCropInputProps) {
  const [error, setError] = useState<string | null>(null);
  const pick = (file: File | null) => {
    if (!file) return;
    const problem = checkImageFile(file);
    setError(problem);
    if (problem) return;
    const reader = new FileReader();
    reader.onload = () => onChange(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap="xs" mt={4}>
        <Group>
          <Avatar src={value} alt={label} size={80} radius={round ? 80 : 'sm'} />
          <FileButton onChange={pick} accept="image/png,image/jpeg" disabled={disabled}>
            {(props) => (
              <Button variant="default" {...props}>
                {buttonLabel}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
