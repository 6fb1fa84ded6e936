import { BRANCH_PHOTOS_MAX, PHOTO_MSG, type TBranchPhoto } from '@haulpro/shared/branch-photo';
import {
  AspectRatio,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPhoto, IconPhotoPlus, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { ImageCropButton } from '../../../components/image-crop-input.tsx';
import { SettingsTab } from '../../../components/settings-form.tsx';
import {
  useAddBranchPhoto,
  useBranchPhotos,
  useDeleteBranchPhoto,
  usePinBranchPhoto,
} from '../api/branch-photos.ts';

/** /profile Photos tab: the active branch's photos, pinned first; add, pin and delete. */
export function PhotosTab({ branchId }: { branchId: number; companyId: number }) {
  return (
    <SettingsTab
      query={useBranchPhotos(branchId)}
      what="the photos"
      loadingLabel="Loading photos"
      skeleton={
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={160} radius="md" />
          ))}
        </SimpleGrid>
      }
    >
      {(photos) => <PhotoGrid key={branchId} branchId={branchId} photos={photos} />}
    </SettingsTab>
  );
}

function PhotoGrid({ branchId, photos }: { branchId: number; photos: TBranchPhoto[] }) {
  const add = useAddBranchPhoto();
  const full = photos.length >= BRANCH_PHOTOS_MAX;
  const addButton = (align: 'center' | 'flex-end') => (
    <ImageCropButton
      align={align}
      label="Add photo"
      cropTitle="Crop photo"
      leftSection={<IconPhotoPlus size={16} />}
      disabled={full}
      loading={add.isPending}
      onChange={(photo) => add.mutate({ branchId, photo })}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={2} fz="lg">
            Photos
          </Title>
          <Text size="sm" c="dimmed">
            Show customers your crews, trucks and finished jobs. Pinned photos come first on your public page.
          </Text>
          <Text size="sm" c="dimmed" data-testid="photo-count">
            {photos.length} of {BRANCH_PHOTOS_MAX} photos
          </Text>
        </Stack>
        {photos.length > 0 ? addButton('flex-end') : null}
      </Group>

      {full ? (
        <Text size="sm" c="orange.9" role="status" data-testid="photo-limit">
          {PHOTO_MSG.limit}
        </Text>
      ) : null}

      {photos.length === 0 ? (
        <Card py={40} withBorder={false} bg="gray.0">
          <EmptyState
            variant="light"
            size="lg"
            icon={<IconPhoto size={30} stroke={1.6} />}
            title="No photos yet"
            description="Add photos of your team, your trucks and your work. Customers see them on your public page."
          >
            <Group justify="center">{addButton('center')}</Group>
          </EmptyState>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" data-testid="photo-grid">
          {photos.map((photo, i) => (
            <PhotoCard key={photo.id} branchId={branchId} photo={photo} index={i + 1} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function PhotoCard({ branchId, photo, index }: { branchId: number; photo: TBranchPhoto; index: number }) {
  const pin = usePinBranchPhoto();
  const remove = useDeleteBranchPhoto();
  const name = `Photo ${index}`;
  return (
    <Card
      padding={0}
      radius="md"
      withBorder
      data-testid="photo-card"
      data-photo-id={photo.id}
      data-pinned={photo.is_pinned || undefined}
      aria-label={photo.is_pinned ? `${name}, pinned` : name}
      component="figure"
      m={0}
    >
      <div style={{ position: 'relative' }}>
        <AspectRatio ratio={1}>
          <Image
            src={photo.image}
            alt={photo.is_pinned ? `${name} (pinned)` : name}
            fit="cover"
            loading="lazy"
          />
        </AspectRatio>
        {photo.is_pinned ? (
          <Badge
            pos="absolute"
            top={8}
            left={8}
            color="blue"
            variant="filled"
            leftSection={<IconPin size={12} />}
            data-testid="pinned-badge"
          >
            Pinned
          </Badge>
        ) : null}
      </div>
      <Group gap={4} p={6} justify="space-between" wrap="nowrap">
        <Button
          size="compact-sm"
          variant={photo.is_pinned ? 'light' : 'subtle'}
          leftSection={photo.is_pinned ? <IconPinnedOff size={14} /> : <IconPin size={14} />}
          loading={pin.isPending}
          onClick={() => pin.mutate({ branchId, id: photo.id, isPinned: !photo.is_pinned })}
          aria-label={photo.is_pinned ? `Unpin ${name.toLowerCase()}` : `Pin ${name.toLowerCase()}`}
        >
          {photo.is_pinned ? 'Unpin' : 'Pin'}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          px={6}
          loading={remove.isPending}
          aria-label={`Delete ${name.toLowerCase()}`}
          onClick={() =>
            confirmDelete({
              title: 'Delete photo',
              question: 'Do you want to delete this photo? Customers will no longer see it.',
              onConfirm: () => remove.mutate({ branchId, id: photo.id }),
            })
          }
        >
          <IconTrash size={16} />
        </Button>
      </Group>
    </Card>
  );
}
