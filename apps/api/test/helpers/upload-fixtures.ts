import { crc32, deflateSync } from 'node:zlib';

/** Real images drawn by Chromium's canvas (24x16, green with an orange block). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAARElEQVR4AeSSwQkAIAwDS9ZxBKEDOpbgWuoK9+nDWLhfoOSI2shTiaL4DB8szSBQs4aKaHWaM1TUdwbhY0W0Os29v6ILAAD//+8nwK4AAAAGSURBVAMAff9M0Ty3xYkAAAAASUVORK5CYII=',
  'base64',
);
export const JPEG_BYTES = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFwAAAwEAAAAAAAAAAAAAAAAAAAMEAv/EACAQAAAGAgIDAAAAAAAAAAAAAAABAgMREgQTMUEUISL/xAAVAQEBAAAAAAAAAAAAAAAAAAAEBf/EACARAAAFAwUAAAAAAAAAAAAAAAABAgMSESFBBBNhwfD/2gAMAwEAAhEDEQA/AJ8TF8m/3WsdSGZGDpZU5ttHVYEzT7jM61Vnn0RjTmU+4g0LXKT5KCEpSX9ypGUfcAqHNITMVJOd74rjPQSAAAgCH//Z',
  'base64',
);
export const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
export const SVG_TEXT =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
export const HTML_TEXT = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

export const dataUrl = (mime: string, bytes: Buffer | string) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The real PNG with a tEXt chunk (a location) after IHDR and HTML after IEND. */
export function pngWithMetadata(): Buffer {
  const ihdrEnd = 8 + 25;
  return Buffer.concat([
    PNG_BYTES.subarray(0, ihdrEnd),
    pngChunk('tEXt', Buffer.from('Comment\0SECRET-GPS 34.05,-118.24', 'latin1')),
    PNG_BYTES.subarray(ihdrEnd),
    Buffer.from('<html><script>alert(1)</script></html>'),
  ]);
}

/**
 * The real JPEG with an EXIF block (camera make, Orientation 6 and a location string), a comment
 * and HTML appended after its end.
 */
export function jpegWithMetadata(): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 24 + 4 + 24);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x010f, 10); // Make, ASCII, 4 bytes inline
  tiff.writeUInt16LE(2, 12);
  tiff.writeUInt32LE(4, 14);
  tiff.write('Cam\0', 18, 'latin1');
  tiff.writeUInt16LE(0x0112, 22); // Orientation, SHORT, 6 (rotate 90)
  tiff.writeUInt16LE(3, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt16LE(6, 30);
  tiff.write('SECRET-GPS 34.05,-118.24', 38, 'latin1');
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(exif.length + 2, 0);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), len, exif]);
  const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x0e]), Buffer.from('SECRET-note!', 'latin1')]);
  return Buffer.concat([
    JPEG_BYTES.subarray(0, 20), // SOI + APP0 (JFIF)
    app1,
    com,
    JPEG_BYTES.subarray(20),
    Buffer.from('<html><script>alert(1)</script></html>'),
  ]);
}

/**
 * A whole, checksummed PNG whose header claims `width` x `height` (8-bit RGB) but whose data is one
 * row of one pixel: 69 bytes at any claimed size (the probe's "60000x60000 in 69 bytes").
 */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_BYTES.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The real 24x16 JPEG with its frame header rewritten to claim `width` x `height`. */
export function jpegClaiming(width: number, height: number): Buffer {
  const b = Buffer.from(JPEG_BYTES);
  const sof = b.indexOf(Buffer.from([0xff, 0xc0]));
  b.writeUInt16BE(height, sof + 5);
  b.writeUInt16BE(width, sof + 7);
  return b;
}

/** Not images, or not whole ones, each dressed up as png or jpeg. */
export const DISGUISED: [string, string][] = [
  ['plain text as png', dataUrl('image/png', 'hello')],
  ['HTML as png', dataUrl('image/png', HTML_TEXT)],
  ['HTML as jpeg', dataUrl('image/jpeg', HTML_TEXT)],
  ['SVG as png', dataUrl('image/png', SVG_TEXT)],
  ['a GIF as png', dataUrl('image/png', GIF_BYTES)],
  ['a PDF as jpeg', dataUrl('image/jpeg', PDF_BYTES)],
  ['a truncated PNG header as png', dataUrl('image/png', PNG_BYTES.subarray(0, 16))],
  ['a truncated PNG header as jpg', dataUrl('image/jpg', PNG_BYTES.subarray(0, 16))],
  ['a PNG cut after IHDR', dataUrl('image/png', PNG_BYTES.subarray(0, 33))],
  ['a PNG cut inside IDAT', dataUrl('image/png', PNG_BYTES.subarray(0, PNG_BYTES.length - 20))],
  ['a JPEG header only', dataUrl('image/jpeg', JPEG_BYTES.subarray(0, 20))],
  ['a JPEG without its end', dataUrl('image/jpeg', JPEG_BYTES.subarray(0, JPEG_BYTES.length - 2))],
  ['a 69-byte PNG claiming 60000x60000', dataUrl('image/png', pngClaiming(60_000, 60_000))],
  ['a 2 KB JPEG claiming 60000x60000', dataUrl('image/jpeg', jpegClaiming(60_000, 60_000))],
];
