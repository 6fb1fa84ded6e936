import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  JPEG_BYTES,
  jpegClaiming,
  PNG_BYTES,
  pngChunk,
  pngClaiming,
} from '../../test/helpers/upload-fixtures.ts';
import { gradientPng } from '../db/seed/gradient-png.ts';
import { jpegPixelsMatch, MAX_PIXELS, pngPixelsMatch, pngRawSize } from './image-pixels.ts';
import { readUploadBytes } from './image-upload.ts';

describe('pngRawSize', () => {
  it('is a filter byte and the pixels of every row', () => {
    expect(pngRawSize(24, 16, 8, 6, 0)).toBe(16 * (1 + 24 * 4));
    expect(pngRawSize(10, 2, 8, 2, 0)).toBe(2 * (1 + 30));
    expect(pngRawSize(10, 2, 1, 0, 0)).toBe(2 * (1 + 2));
    expect(pngRawSize(3, 1, 16, 4, 0)).toBe(1 + 12);
  });

  it('sums the Adam7 passes when interlaced, skipping the empty ones', () => {
    // 1x1: only the first pass has a pixel.
    expect(pngRawSize(1, 1, 8, 0, 1)).toBe(2);
    // 8x8 greyscale: passes of 1x1, 1x1, 2x1, 2x2, 4x2, 4x4, 8x4 pixels.
    expect(pngRawSize(8, 8, 8, 0, 1)).toBe(2 + 2 + 3 + 2 * 3 + 2 * 5 + 4 * 5 + 4 * 9);
  });

  it('refuses what no decoder takes and what is too large to look at', () => {
    expect(pngRawSize(10, 10, 3, 2, 0)).toBeNull();
    expect(pngRawSize(10, 10, 8, 5, 0)).toBeNull();
    expect(pngRawSize(10, 10, 8, 2, 2)).toBeNull();
    expect(pngRawSize(0, 10, 8, 2, 0)).toBeNull();
    expect(pngRawSize(60_000, 60_000, 8, 2, 0)).toBeNull();
    expect(pngRawSize(8000, 8000, 8, 2, 0)).not.toBeNull();
    expect(8001 * 8000).toBeGreaterThan(MAX_PIXELS);
    expect(pngRawSize(8001, 8000, 8, 2, 0)).toBeNull();
  });
});

describe('pngPixelsMatch', () => {
  it('takes real PNGs', async () => {
    expect(await pngPixelsMatch(PNG_BYTES)).toBe(true);
    expect(await pngPixelsMatch(gradientPng(500, 500, [0, 0, 0], [255, 255, 255]))).toBe(true);
  });

  it('refuses a header claiming more pixels than the data holds, at any size', async () => {
    expect(pngClaiming(60_000, 60_000).length).toBe(69);
    expect(await pngPixelsMatch(pngClaiming(60_000, 60_000))).toBe(false);
    expect(await pngPixelsMatch(pngClaiming(400, 400))).toBe(false);
    expect(await pngPixelsMatch(pngClaiming(2, 1))).toBe(false);
    expect(await pngPixelsMatch(pngClaiming(1, 1))).toBe(true);
  });

  it('refuses an IDAT stream that is not zlib', async () => {
    const ihdr = PNG_BYTES.subarray(8, 33);
    const bad = Buffer.concat([
      PNG_BYTES.subarray(0, 8),
      ihdr,
      pngChunk('IDAT', Buffer.from('not deflate at all')),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await pngPixelsMatch(bad)).toBe(false);
    const tooShort = Buffer.concat([
      PNG_BYTES.subarray(0, 8),
      ihdr,
      pngChunk('IDAT', deflateSync(Buffer.alloc(100))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await pngPixelsMatch(tooShort)).toBe(false);
  });
});

describe('jpegPixelsMatch', () => {
  it('takes a real JPEG and refuses one whose header claims far more blocks than its scan holds', () => {
    expect(jpegPixelsMatch(JPEG_BYTES)).toBe(true);
    expect(jpegPixelsMatch(jpegClaiming(60_000, 60_000))).toBe(false);
    expect(jpegPixelsMatch(jpegClaiming(4000, 4000))).toBe(false);
  });
});

describe('readUploadBytes', () => {
  it('refuses the crafted files as png and as jpg, and keeps taking real ones', async () => {
    for (const bytes of [pngClaiming(60_000, 60_000), jpegClaiming(60_000, 60_000)])
      expect(await readUploadBytes(bytes)).toMatchObject({ ok: false });
    expect(await readUploadBytes(PNG_BYTES)).toMatchObject({ ok: true, ext: 'png' });
    expect(await readUploadBytes(JPEG_BYTES)).toMatchObject({ ok: true, ext: 'jpg' });
  });
});
