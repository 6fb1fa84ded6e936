import type { TPublicPhoto } from '@haulpro/shared/branch-photo';
import { Image, Modal } from '@mantine/core';

/**
 * One photo full size. Loaded only when a visitor opens a photo: Mantine's Modal brings its
 * scroll area and floating-ui, which the company page (an entry page) does not pay for up front.
 */
export function PhotoViewer({
  photo,
  photos,
  companyName,
  onClose,
}: {
  photo: TPublicPhoto | null;
  photos: TPublicPhoto[];
  companyName: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={photo !== null}
      onClose={onClose}
      title={`${companyName}: photo ${photo ? photos.indexOf(photo) + 1 : ''} of ${photos.length}`}
      size="xl"
      centered
    >
      {photo ? (
        <Image src={photo.image} alt={`${companyName} photo`} radius="md" data-testid="company-photo-full" />
      ) : null}
    </Modal>
  );
}
