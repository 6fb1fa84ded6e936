import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from './constants.ts';
import { checkImageDataUrl, checkImageFile } from './image.ts';
import { MSG } from './messages.ts';

describe('image rules: png, jpg, jpeg up to 10485760 bytes', () => {
  it('accepts png and jpeg data URLs and measures their decoded size', () => {
    const r = checkImageDataUrl(`data:image/png;base64,${Buffer.from('hello').toString('base64')}`);
    expect(r).toEqual({ ok: true, mime: 'image/png', ext: 'png', bytes: 5 });
    expect(checkImageDataUrl('data:image/jpeg;base64,AAAA')).toMatchObject({ ok: true, ext: 'jpg' });
    expect(checkImageDataUrl('data:image/jpg;base64,AAAA')).toMatchObject({ ok: true, ext: 'jpg' });
  });
  it('refuses other types and anything that is not a data URL', () => {
    expect(checkImageDataUrl('data:image/gif;base64,AAAA')).toEqual({ ok: false, message: MSG.imageType });
    expect(checkImageDataUrl('https://example.com/a.png')).toEqual({ ok: false, message: MSG.imageType });
  });
  it('allows exactly 10485760 bytes and refuses one more with the spec message', () => {
    const at = Buffer.alloc(IMAGE_MAX_BYTES).toString('base64');
    const over = Buffer.alloc(IMAGE_MAX_BYTES + 1).toString('base64');
    expect(checkImageDataUrl(`data:image/png;base64,${at}`).ok).toBe(true);
    expect(checkImageDataUrl(`data:image/png;base64,${over}`)).toEqual({
      ok: false,
      message: 'File cannot be larger than 10M',
    });
  });
  it('checks chosen files by extension and size', () => {
    expect(checkImageFile({ name: 'me.JPG', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(checkImageFile({ name: 'me.gif', size: 10, type: 'image/gif' })).toBe(MSG.imageType);
    expect(checkImageFile({ name: 'me.png', size: IMAGE_MAX_BYTES + 1, type: 'image/png' })).toBe(
      MSG.fileTooLarge,
    );
  });
});
