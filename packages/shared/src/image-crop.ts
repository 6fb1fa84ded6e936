/** Spec: the cropper's stencil is square with a 400x400 minimum (source pixels). */
export const CROP_MIN_SIDE = 400;
/** Ours: a cropped image is scaled down to at most this many pixels a side before upload. */
export const CROP_MAX_SIDE = 1200;

export const CROP_MSG = {
  tooSmall: `The image must be at least ${CROP_MIN_SIDE}x${CROP_MIN_SIDE} pixels`,
  unreadable: 'This image could not be opened. Try another file.',
} as const;

/** Can a square of CROP_MIN_SIDE be cut from an image of this size? null when it can. */
export function checkCropSize(width: number, height: number): string | null {
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0)
    return CROP_MSG.unreadable;
  return width < CROP_MIN_SIDE || height < CROP_MIN_SIDE ? CROP_MSG.tooSmall : null;
}
