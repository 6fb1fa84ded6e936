import { describe, expect, it } from 'vitest';
import { CROP_MSG, checkCropSize } from './image-crop.ts';

describe('checkCropSize', () => {
  it.each([
    [400, 400, null],
    [4000, 400, null],
    [400, 3000, null],
    [399, 400, CROP_MSG.tooSmall],
    [400, 399, CROP_MSG.tooSmall],
    [1, 1, CROP_MSG.tooSmall],
    [0, 500, CROP_MSG.unreadable],
    [Number.NaN, 500, CROP_MSG.unreadable],
  ])('%i x %i', (w, h, expected) => {
    expect(checkCropSize(w, h)).toBe(expected);
  });
  it('says the minimum in its message', () => {
    expect(CROP_MSG.tooSmall).toBe('The image must be at least 400x400 pixels');
  });
});
