import { z } from 'zod';
import { MSG } from './messages.ts';
import { zBool } from './parse.ts';

/** Our decision (the spec gives no number): a branch shows at most this many photos. */
export const BRANCH_PHOTOS_MAX = 20;

/** Messages of the Photos tab (the spec gives none beyond the image rules; ours). */
export const PHOTO_MSG = {
  required: 'Choose a photo to upload',
  limit: `A location can have at most ${BRANCH_PHOTOS_MAX} photos. Delete one to add another.`,
  pinRequired: 'Choose pinned or not pinned',
  added: 'Photo added successfully',
  pinned: 'Photo pinned',
  unpinned: 'Photo unpinned',
  deleted: 'Photo deleted successfully',
} as const;

/**
 * POST branches/{id}/photos: the photo as a data URL (png, jpg or jpeg, at most 10 MB; the
 * server decides by its bytes). 10 MB of image is about 13.4 MB of base64.
 */
export const ZBranchPhotoInput = z.object({
  photo: z
    .string({ error: PHOTO_MSG.required })
    .min(1, { message: PHOTO_MSG.required, abort: true })
    .max(15_000_000, MSG.fileTooLarge),
});
export type TBranchPhotoInput = z.input<typeof ZBranchPhotoInput>;

/** PUT branches/{id}/photos/{image_id}: pin (1/true) or unpin (0/false). */
export const ZBranchPhotoPin = z.object({ is_pinned: zBool(PHOTO_MSG.pinRequired) });
export type TBranchPhotoPin = z.input<typeof ZBranchPhotoPin>;

/** A photo as the dashboard answers it (spec: Photo id, image), with its pin. */
export const ZBranchPhoto = z.object({
  id: z.number().int(),
  image: z.string(),
  is_pinned: z.boolean(),
});
export type TBranchPhoto = z.infer<typeof ZBranchPhoto>;

/** A photo on the public page: pinned first, then newest. */
export const ZPublicPhoto = z.object({ id: z.number().int(), image: z.string() });
export type TPublicPhoto = z.infer<typeof ZPublicPhoto>;
