import { MESSAGE_MAX_LENGTH, MESSAGE_MAX_PHOTOS, TALK_MSG } from '@haulpro/shared/talk';

/** What the client can tell before sending: the same rules and words as the server. */
export function checkDraft(body: string, photos: readonly string[]): string | null {
  const text = body.trim();
  if (text.length === 0 && photos.length === 0) return TALK_MSG.body;
  if (text.length > MESSAGE_MAX_LENGTH) return TALK_MSG.bodyLength;
  if (photos.length > MESSAGE_MAX_PHOTOS) return TALK_MSG.photoCount;
  return null;
}
