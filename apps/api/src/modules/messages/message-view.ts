import type { TThreadMessage } from '@haulpro/shared/talk';
import type { TThreadJob, TThreadSide } from '../../domain/thread-job.ts';
import { signedFileUrl } from '../../storage/signed-urls.ts';
import type { TMessageRow } from './messages.repository.ts';

/** Private folder of the messages' photos (read through signed links only, storage/signed-urls.ts). */
export const MESSAGE_PHOTO_FOLDER = 'messages';

/**
 * A message as a party (or the admin, `viewer` null) reads it: the sender by their side's name
 * (the customer as "First L.", the provider as the branch or the helper), photos as signed links.
 */
export function messageView(
  m: TMessageRow,
  job: TThreadJob,
  viewer: TThreadSide | null,
  now: Date,
): TThreadMessage {
  const side = m.senderSide;
  return {
    id: m.id,
    body: m.body,
    photos: m.photos.flatMap((p) => {
      const url = signedFileUrl(p, now);
      return url ? [url] : [];
    }),
    sender: { name: side === 'customer' ? job.customerName : job.providerName, side },
    mine: viewer === side,
    created_at: m.createdAt.toISOString(),
    read_at: m.readAt ? m.readAt.toISOString() : null,
  };
}
