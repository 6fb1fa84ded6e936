import { MAX_ITEM_PHOTOS } from '@haulpro/shared/booking-options';
import { checkImageFile } from '@haulpro/shared/image';
import { ActionIcon, Button, FileButton, Group, Input, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './booking.module.css';

type TItemPhotosProps = {
  photos: string[];
  onChange: (photos: string[]) => void;
  error?: string | undefined;
};

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Optional photos of heavy or unique items: png or jpg, at most 10 MB each, at most five. */
export function ItemPhotos({ photos, onChange, error }: TItemPhotosProps) {
  const [problem, setProblem] = useState<string | null>(null);

  async function add(files: File[]) {
    setProblem(null);
    const room = MAX_ITEM_PHOTOS - photos.length;
    const accepted: File[] = [];
    for (const file of files) {
      const message = checkImageFile(file);
      if (message) {
        setProblem(`${file.name}: ${message}`);
        continue;
      }
      accepted.push(file);
    }
    if (accepted.length > room) setProblem(`At most ${MAX_ITEM_PHOTOS} photos`);
    const urls = await Promise.all(accepted.slice(0, Math.max(0, room)).map(readAsDataUrl));
    // The same picture twice is kept once.
    const fresh = urls.filter((u, i) => !photos.includes(u) && urls.indexOf(u) === i);
    if (fresh.length > 0) onChange([...photos, ...fresh]);
  }

  return (
    <Input.Wrapper
      label="Photos of these items"
      size="md"
      description={`Optional. PNG or JPG, up to 10 MB each, at most ${MAX_ITEM_PHOTOS}.`}
      error={problem ?? error}
    >
      <Group gap="sm" mt="xs">
        {photos.map((src, i) => (
          <div key={`${src.length}:${src.slice(-40)}`} className={classes.photo}>
            <img src={src} alt={`Item ${i + 1}`} />
            <ActionIcon
              className={classes.photoRemove}
              size="sm"
              radius="xl"
              color="dark"
              variant="filled"
              onClick={() => onChange(photos.filter((_, j) => j !== i))}
              aria-label={`Remove photo ${i + 1}`}
            >
              <IconX size={12} />
            </ActionIcon>
          </div>
        ))}
        {photos.length < MAX_ITEM_PHOTOS ? (
          <FileButton onChange={(files) => void add(files)} accept="image/png,image/jpeg" multiple>
            {(props) => (
              <Button {...props} variant="default" h={88} w={88} p={0} aria-label="Add photos">
                <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
                  <IconPhotoPlus size={22} stroke={1.6} />
                  <Text size="xs">Add</Text>
                </div>
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
    </Input.Wrapper>
  );
}
