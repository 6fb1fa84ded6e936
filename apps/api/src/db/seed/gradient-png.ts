import { crc32, deflateSync } from 'node:zlib';

export type TRgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid RGB PNG of a diagonal gradient from `from` (top left) to `to` (bottom right), made in
 * code so the demo data and the tests carry no binary files.
 */
export function gradientPng(width: number, height: number, from: TRgb, to: TRgb): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  const span = Math.max(1, width + height - 2);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x + y) / span;
      const at = y * row + 1 + x * 3;
      for (let c = 0; c < 3; c++) raw[at + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A demo signature: a dark, looping pen stroke on white (a few sine waves of decreasing size),
 * drawn in code like the gradients, for the demo's signed work orders.
 */
export function signaturePng(width = 320, height = 120): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height, 255);
  for (let y = 0; y < height; y++) raw[y * row] = 0;
  const dot = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const at = py * row + 1 + px * 3;
        raw[at] = 17;
        raw[at + 1] = 24;
        raw[at + 2] = 39;
      }
  };
  for (let i = 0; i <= 4000; i++) {
    const t = i / 4000;
    const x = 16 + t * (width - 32) + Math.sin(t * 38) * 9;
    const y = height / 2 + Math.cos(t * 38) * (height / 3) * (1 - t * 0.6);
    dot(x, y);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
