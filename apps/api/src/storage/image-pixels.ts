import { createInflate } from 'node:zlib';

/*
 * Does an image's data hold the picture its header claims? A header is a few bytes anyone can
 * write: a PNG claiming 60000x60000 in 69 bytes passed every upload (issue 26) and would pass
 * a minimum size. A PNG's IDAT stream must inflate to exactly the rows its header announces (each
 * row a filter byte and its pixels, per Adam7 pass when interlaced); a JPEG's scans must hold at
 * least one bit per 8x8 block of its largest component (no Huffman code is shorter). Anything
 * larger than MAX_PIXELS is refused before any inflating, so a tiny file cannot make us work.
 */

/** 64 megapixels: above any phone camera's photo, far below what a crafted header can claim. */
export const MAX_PIXELS = 64_000_000;

/** Channels per pixel by PNG colour type; bit depths each type allows. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes a PNG's inflated IDAT stream holds for its header, or null for a header no decoder takes. */
export function pngRawSize(
  width: number,
  height: number,
  bitDepth: number,
  colorType: number,
  interlace: number,
): number | null {
  const channels = PNG_CHANNELS[colorType];
  if (!channels || !PNG_DEPTHS[colorType]?.includes(bitDepth) || interlace > 1) return null;
  if (width < 1 || height < 1 || width * height > MAX_PIXELS) return null;
  const bits = channels * bitDepth;
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bits) / 8)) : 0);
  if (interlace === 0) return rows(width, height);
  return ADAM7.reduce(
    (sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)),
    0,
  );
}

/** Inflates `data` until it has given `want` bytes and says whether it did (nothing is kept in memory). */
function inflatesTo(data: Buffer, want: number): Promise<boolean> {
  return new Promise((resolve) => {
    let got = 0;
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(ok);
    };
    const inflate = createInflate();
    inflate.on('data', (chunk: Buffer) => {
      got += chunk.length;
      // Every row is there: what follows (decoders ignore it) need not be inflated.
      if (got >= want) finish(true);
    });
    inflate.on('error', () => finish(false));
    inflate.on('end', () => finish(got >= want));
    inflate.end(data);
  });
}

/** A whole PNG (chunks already checked by cleanPng): do its pixels fill its header? */
export async function pngPixelsMatch(png: Buffer): Promise<boolean> {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const want = pngRawSize(width, height, png[24] ?? 0, png[25] ?? 0, png[28] ?? 0);
  if (want === null) return false;
  const idat: Buffer[] = [];
  for (let pos = 8; pos + 12 <= png.length; ) {
    const length = png.readUInt32BE(pos);
    if (png.toString('latin1', pos + 4, pos + 8) === 'IDAT')
      idat.push(png.subarray(pos + 8, pos + 8 + length));
    pos += 12 + length;
  }
  return inflatesTo(Buffer.concat(idat), want);
}

/** A whole JPEG (segments already checked by cleanJpeg): is its scan data big enough for its header? */
export function jpegPixelsMatch(jpeg: Buffer): boolean {
  for (let pos = 2; pos + 4 <= jpeg.length; ) {
    const marker = jpeg[pos + 1]!;
    const length = jpeg.readUInt16BE(pos + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = jpeg.readUInt16BE(pos + 5);
      const width = jpeg.readUInt16BE(pos + 7);
      const count = jpeg[pos + 9] ?? 0;
      if (count < 1 || width * height > MAX_PIXELS) return false;
      const factors = Array.from({ length: count }, (_, i) => jpeg[pos + 11 + i * 3] ?? 0x11);
      const hMax = Math.max(...factors.map((f) => f >> 4), 1);
      const vMax = Math.max(...factors.map((f) => f & 15), 1);
      const blocks = Math.max(
        ...factors.map(
          (f) =>
            Math.ceil(Math.ceil((width * (f >> 4)) / hMax) / 8) *
            Math.ceil(Math.ceil((height * (f & 15)) / vMax) / 8),
        ),
      );
      return scanBytes(jpeg, pos) * 8 >= blocks;
    }
    pos += 2 + length;
  }
  return false;
}

/** Bytes from the first start-of-scan to the end (cleanJpeg ends the file at EOI). */
function scanBytes(jpeg: Buffer, from: number): number {
  for (let pos = from; pos + 4 <= jpeg.length; ) {
    if (jpeg[pos + 1] === 0xda) return jpeg.length - pos;
    pos += 2 + jpeg.readUInt16BE(pos + 2);
  }
  return 0;
}
