import { MSG } from '@haulpro/shared/messages';
import type { TDeps } from '../../context.ts';
import { forbidden, notFound } from '../../domain/errors.ts';
import { checkFileLink, isPrivateFolder, STORED_NAME, useSigningSecret } from '../../storage/signed-urls.ts';

/** Private uploads (item photos) read through signed links (decision 013). */
export function createFilesService({ config, clock, storage }: TDeps) {
  // FILE_URL_SECRET, once config.ts has it: replicas behind one address must sign alike.
  const secret = config.fileUrlSecret;
  if (secret) useSigningSecret(secret);

  return {
    /** The file behind a signed link: 404 for a name that cannot exist, 403 for a bad or old signature. */
    async open(folder: string, name: string, expires: string | undefined, sig: string | undefined) {
      if (!isPrivateFolder(folder) || !STORED_NAME.test(name)) throw notFound();
      const link = checkFileLink(folder, name, expires, sig, clock.now());
      if (!link.ok) throw forbidden(MSG.fileLinkInvalid);
      // Streamed from whichever storage holds it (decision 033): the link and its expiry stay ours.
      const file = await storage.open(`/uploads/${folder}/${name}`);
      if (!file) throw notFound();
      return {
        stream: file.stream,
        size: file.size,
        mime: file.contentType,
        maxAgeSeconds: link.secondsLeft,
      };
    },
  };
}

export type TFilesService = ReturnType<typeof createFilesService>;
