import { maskContacts, type TMessageInput, type TThreadMessage } from '@haulpro/shared/talk';
import type { TAuth, TDeps } from '../../context.ts';
import { conflict, invalid, type TFieldErrors } from '../../domain/errors.ts';
import { postRule, type TThreadSide } from '../../domain/thread-job.ts';
import { readUpload, type TUpload } from '../../storage/image-upload.ts';
import { MESSAGE_PHOTO_FOLDER, messageView } from './message-view.ts';
import { insertMessage } from './messages.repository.ts';
import type { TThreadKind, TThreadParty } from './thread-types.ts';

/**
 * A party posts to a thread: open (an order from New, a delivery once accepted) and not closed for
 * 30 days, or a 409; photos checked by their bytes like every upload (a 422 per photo), kept in the
 * private `messages` folder. Before the job is accepted the text is stored masked, so no later read
 * can reveal a phone number or an e-mail address typed into it.
 */
export function createPostMessage({ db, clock, storage }: TDeps, party: TThreadParty) {
  return async (
    auth: TAuth,
    kind: TThreadKind,
    path: TThreadSide,
    id: number,
    input: TMessageInput,
  ): Promise<TThreadMessage> => {
    const { job, side } = await party(auth, kind, path, id);
    const now = clock.now();
    const rule = postRule(job, now);
    if (!rule.canPost) throw conflict(rule.reason ?? '');
    const files: TUpload[] = [];
    const errors: TFieldErrors = {};
    for (const [i, dataUrl] of input.photos.entries()) {
      const f = await readUpload(dataUrl);
      if (f.ok) files.push(f);
      else errors[`photos.${i}`] = [f.message];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const body = job.accepted ? input.body : maskContacts(input.body);
    const stored: string[] = [];
    try {
      for (const f of files) stored.push(await storage.save(MESSAGE_PHOTO_FOLDER, f.bytes, f.ext));
      const row = await insertMessage(db, job, {
        senderUserId: auth.user.id,
        senderSide: side,
        body,
        photos: stored,
        now,
      });
      return messageView(row, job, side, now);
    } catch (err) {
      await Promise.all(stored.map((p) => storage.remove(p)));
      throw err;
    }
  };
}
