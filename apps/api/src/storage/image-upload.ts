import { crc32 } from 'node:zlib';
import {
  checkDataUrl,
  IMAGE_KINDS,
  type TUploadKind,
  UPLOAD_MIME,
  uploadTypeMessage,
} from '@haulpro/shared/image';
import { fileTypeFromBuffer } from 'file-type';
import { jpegPixelsMatch, pngPixelsMatch } from './image-pixels.ts';

export type TUpload = { bytes: Buffer; ext: TUploadKind; mime: string };
export type TUploadResult = ({ ok: true } & TUpload) | { ok: false; message: string };

/** file-type's answer -> our kind (an animated PNG is kept as its still image). */
const SNIFFED: Record<string, TUploadKind> = { png: 'png', apng: 'png', jpg: 'jpg', pdf: 'pdf' };

/**
 * The one server-side check of an uploaded file (ARCHITECTURE: files by content): the data URL's
 * declared type and size (shared rule), then what the bytes are (magic bytes via file-type), then
 * that the file is whole (a PNG's chunks and CRCs up to IEND, a JPEG's segments up to EOI, a PDF's
 * header and %%EOF), and that an image's data holds the pixels its header claims. Images come
 * back without their metadata (EXIF with GPS, XMP, text chunks, comments; a JPEG keeps only its
 * orientation) and without anything appended after their end.
 * The kind, extension and content type come from the bytes, never from the claim; `kinds` lets a
 * caller allow pdf too.
 */
export async function readUpload(
  dataUrl: string,
  kinds: readonly TUploadKind[] = IMAGE_KINDS,
): Promise<TUploadResult> {
  // The claim is checked against every kind the caller allows: a png claimed as jpg is still a png.
  const claim = checkDataUrl(dataUrl, kinds);
  if (!claim.ok) return claim;
  return readUploadBytes(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), kinds);
}

/** The same check for raw bytes (a multipart file part): whatever its name says, the bytes decide. */
export async function readUploadBytes(
  raw: Buffer,
  kinds: readonly TUploadKind[] = IMAGE_KINDS,
): Promise<TUploadResult> {
  const refused = { ok: false as const, message: uploadTypeMessage(kinds) };
  const sniffed = await fileTypeFromBuffer(raw);
  const kind = sniffed ? SNIFFED[sniffed.ext] : undefined;
  if (!kind || !kinds.includes(kind)) return refused;
  const bytes = kind === 'png' ? cleanPng(raw) : kind === 'jpg' ? cleanJpeg(raw) : checkPdf(raw);
  if (!bytes) return refused;
  // The header's size is trusted only once the data holds that many pixels (image-pixels.ts).
  if (kind === 'png' && !(await pngPixelsMatch(bytes))) return refused;
  if (kind === 'jpg' && !jpegPixelsMatch(bytes)) return refused;
  return { ok: true, bytes, ext: kind, mime: UPLOAD_MIME[kind] };
}

/* ---------- PNG: walk the chunks, check each CRC, keep only what draws the picture ---------- */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Critical chunks and colour information; text, EXIF, time and animation chunks are dropped. */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'bKGD',
  'pHYs',
]);

export function cleanPng(b: Buffer): Buffer | null {
  if (b.length < 8 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  let first = true;
  let idat = false;
  while (pos + 12 <= b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type) || end > b.length) return null;
    if (crc32(b.subarray(pos + 4, pos + 8 + length)) !== b.readUInt32BE(pos + 8 + length)) return null;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return null;
      if (b.readUInt32BE(pos + 8) === 0 || b.readUInt32BE(pos + 12) === 0) return null;
      first = false;
    }
    if (type === 'IDAT') idat = true;
    // An unknown critical chunk (upper-case first letter) means a decoder would refuse the file.
    const critical = b[pos + 4]! < 0x61;
    if (PNG_KEEP.has(type)) kept.push(b.subarray(pos, end));
    else if (critical) return null;
    if (type === 'IEND') return idat ? Buffer.concat(kept) : null;
    pos = end;
  }
  return null;
}

/* ---------- JPEG: walk the segments, drop APPn metadata and comments, stop at EOI ---------- */

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const ascii = (b: Buffer, at: number, text: string) =>
  at + text.length <= b.length && b.toString('latin1', at, at + text.length) === text;

export function cleanJpeg(b: Buffer): Buffer | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  const head: Buffer[] = [];
  let orientation = 1;
  let sof = false;
  let scanStart = 0;
  let pos = 2;
  // Header segments up to the first SOS.
  for (;;) {
    if (pos >= b.length || b[pos] !== 0xff) return null;
    while (b[pos] === 0xff) pos++;
    const marker = b[pos];
    if (marker === undefined || marker === 0xd9 || marker === 0xd8) return null;
    const start = pos - 1;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) return null;
    if (pos + 2 >= b.length) return null;
    const length = b.readUInt16BE(pos + 1);
    const end = pos + 1 + length;
    if (length < 2 || end > b.length) return null;
    const data = pos + 3;
    if (isSof(marker)) {
      if (length < 8 || b.readUInt16BE(data + 1) === 0 || b.readUInt16BE(data + 3) === 0) return null;
      sof = true;
    }
    const segment = b.subarray(start, end);
    if (marker === 0xda) {
      scanStart = start;
      pos = end;
      break;
    }
    if (marker === 0xe1) {
      if (ascii(b, data, 'Exif\0\0')) orientation = exifOrientation(b.subarray(data + 6, end)) ?? orientation;
    } else if (marker === 0xe2) {
      if (ascii(b, data, 'ICC_PROFILE\0')) head.push(segment);
    } else if (marker === 0xe0 || marker === 0xee || marker < 0xe0 || (marker > 0xef && marker < 0xfe)) {
      // APP0 (JFIF), APP14 (Adobe colour transform) and every non-APP, non-comment segment.
      head.push(segment);
    }
    pos = end;
  }
  if (!sof) return null;
  // Entropy-coded data (with the segments of later scans inside) up to EOI; nothing after it.
  for (;;) {
    const ff = b.indexOf(0xff, pos);
    if (ff < 0 || ff + 1 >= b.length) return null;
    let next = ff + 1;
    while (b[next] === 0xff) next++;
    const m = b[next];
    if (m === undefined) return null;
    if (m === 0x00 || (m >= 0xd0 && m <= 0xd7)) {
      pos = next + 1;
      continue;
    }
    if (m === 0xd9) {
      const scans = b.subarray(scanStart, next + 1);
      return Buffer.concat([Buffer.from([0xff, 0xd8]), ...withOrientation(head, orientation), scans]);
    }
    if (next + 2 >= b.length) return null;
    const length = b.readUInt16BE(next + 1);
    if (length < 2 || next + 1 + length > b.length) return null;
    pos = next + 1 + length;
  }
}

/** The kept header segments, with a minimal EXIF (orientation only) after JFIF when it matters. */
function withOrientation(segments: Buffer[], orientation: number): Buffer[] {
  if (orientation < 2 || orientation > 8) return segments;
  const exif = Buffer.from([
    0xff,
    0xe1,
    0x00,
    0x22,
    0x45,
    0x78,
    0x69,
    0x66,
    0x00,
    0x00,
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  const afterJfif = segments[0]?.[1] === 0xe0 ? 1 : 0;
  return [...segments.slice(0, afterJfif), exif, ...segments.slice(afterJfif)];
}

/** The Orientation tag (0x0112) of IFD0 in a TIFF block, if it is there and sane. */
function exifOrientation(tiff: Buffer): number | null {
  if (tiff.length < 8) return null;
  const little = ascii(tiff, 0, 'II');
  if (!little && !ascii(tiff, 0, 'MM')) return null;
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > tiff.length) return null;
    if (u16(at) === 0x0112 && u16(at + 2) === 3) {
      const v = u16(at + 8);
      return v >= 1 && v <= 8 ? v : null;
    }
  }
  return null;
}

/* ---------- PDF: a header and an end-of-file marker (no rewriting) ---------- */

function checkPdf(b: Buffer): Buffer | null {
  if (!ascii(b, 0, '%PDF-')) return null;
  const tail = b.toString('latin1', Math.max(0, b.length - 1024));
  return tail.includes('%%EOF') ? b : null;
}
