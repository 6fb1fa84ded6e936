import { MAX_JOB_PHOTOS, type TJobPhoto, type TPhotoPhase } from '@haulpro/shared/move-day';
import { Button, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useUploadJobPhoto } from '../api/upload-photo.ts';

const PHASES: { phase: TPhotoPhase; label: string }[] = [
  { phase: 'before', label: 'Before' },
  { phase: 'after', label: 'After' },
];

type TJobPhotosProps = { userId: number; orderId: number; photos: readonly TJobPhoto[] };

/** Before and after photos, taken with the phone's camera; at most 20 a job (change photos count too). */
export function JobPhotos({ userId, orderId, photos }: TJobPhotosProps) {
  const upload = useUploadJobPhoto(userId, orderId);
  const full = photos.length >= MAX_JOB_PHOTOS;
  return (
    <Stack gap="sm" data-testid="job-photos">
      <Group justify="space-between" wrap="nowrap">
        <Text component="h2" fw={700} fz="lg">
          Photos
        </Text>
        <Text size="sm" data-testid="photo-count">
          {photos.length}/{MAX_JOB_PHOTOS}
        </Text>
      </Group>
      <Group grow gap="sm">
        {PHASES.map(({ phase, label }) => (
          <FileButton
            key={phase}
            accept="image/png,image/jpeg,image/webp"
            capture="environment"
            onChange={(file) => {
              if (file) upload.mutate({ phase, file });
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconCamera size={18} />}
                disabled={full}
                loading={upload.isPending && upload.variables?.phase === phase}
              >
                {label}
              </Button>
            )}
          </FileButton>
        ))}
      </Group>
      {full ? <Text size="sm">This job has 20 photos, the most it can keep.</Text> : null}
      {photos.length > 0 ? (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
          {photos.map((p) => (
            <a key={p.id} href={p.url} target="_blank" rel="noopener noreferrer">
              <Image
                src={p.url}
                alt={`${p.phase === 'change' ? 'Change' : p.phase === 'before' ? 'Before' : 'After'} photo ${p.id}`}
                h={88}
                radius="sm"
                fit="cover"
              />
            </a>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
