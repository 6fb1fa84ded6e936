import { IMAGE_MAX_BYTES, IMAGE_TYPES } from './constants.ts';
import { MSG } from './messages.ts';

/** What an upload may be. The server decides by the bytes (apps/api/src/storage/image-upload.ts). */
export type TUploadKind = 'png' | 'jpg' | 'pdf';
/** The spec's image types: png, jpg, jpeg. */
export const IMAGE_KINDS: readonly TUploadKind[] = ['png', 'jpg'];
export const UPLOAD_MIME: Record<TUploadKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

export type TImageCheck =
  | { ok: true; mime: string; ext: TUploadKind; bytes: number }
  | { ok: false; message: string };

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;
const CLAIMED: Record<string, TUploadKind> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'application/pdf': 'pdf',
};

/** The type message for a set of kinds: the spec's for images, ours when pdf is allowed too. */
export function uploadTypeMessage(kinds: readonly TUploadKind[]): string {
  return kinds.includes('pdf') ? MSG.fileTypeWithPdf : MSG.imageType;
}

/**
 * Checks a data URL's declared type against `kinds` and its decoded size (at most 10485760
 * bytes). This is the format and size check only: what the bytes really are is the server's
 * to say (the claimed type is never trusted for storage).
 */
export function checkDataUrl(value: string, kinds: readonly TUploadKind[] = IMAGE_KINDS): TImageCheck {
  const m = DATA_URL.exec(value);
  const ext = m ? CLAIMED[(m[1] ?? '').toLowerCase()] : undefined;
  if (!m || !ext || !kinds.includes(ext)) return { ok: false, message: uploadTypeMessage(kinds) };
  const b64 = (m[2] ?? '').replace(/\s/g, '');
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((b64.length * 3) / 4) - padding;
  if (bytes > IMAGE_MAX_BYTES) return { ok: false, message: MSG.fileTooLarge };
  return { ok: true, mime: UPLOAD_MIME[ext], ext, bytes };
}

/** Validates an image data URL by type and decoded size (spec: png, jpg, jpeg; at most 10485760 bytes). */
export function checkImageDataUrl(value: string): TImageCheck {
  return checkDataUrl(value, IMAGE_KINDS);
}

/** Checks a File chosen in the browser before it is read (type and size). */
export function checkImageFile(file: { name: string; size: number; type: string }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_TYPES as readonly string[]).includes(ext)) return MSG.imageType;
  if (file.size > IMAGE_MAX_BYTES) return MSG.fileTooLarge;
  return null;
}
