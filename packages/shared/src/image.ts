import { IMAGE_MAX_BYTES, IMAGE_TYPES } from './constants.ts';
import { MSG } from './messages.ts';

export type TImageCheck =
  | { ok: true; mime: string; ext: string; bytes: number }
  | { ok: false; message: string };

const DATA_URL = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/;

/** Validates an image data URL by type and decoded size (spec: png, jpg, jpeg; at most 10485760 bytes). */
export function checkImageDataUrl(value: string): TImageCheck {
  const m = DATA_URL.exec(value);
  if (!m) return { ok: false, message: MSG.imageType };
  const ext = m[1] === 'png' ? 'png' : 'jpg';
  const b64 = (m[2] ?? '').replace(/\s/g, '');
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((b64.length * 3) / 4) - padding;
  if (bytes > IMAGE_MAX_BYTES) return { ok: false, message: MSG.fileTooLarge };
  if (!IMAGE_TYPES.includes(ext)) return { ok: false, message: MSG.imageType };
  return { ok: true, mime: ext === 'png' ? 'image/png' : 'image/jpeg', ext, bytes };
}

/** Checks a File chosen in the browser before it is read (type and size). */
export function checkImageFile(file: { name: string; size: number; type: string }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_TYPES as readonly string[]).includes(ext)) return MSG.imageType;
  if (file.size > IMAGE_MAX_BYTES) return MSG.fileTooLarge;
  return null;
}
