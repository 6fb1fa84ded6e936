import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { TApp } from '../http/types.ts';
import { isPrivateUploadPath, isStoredUploadPath } from './signed-urls.ts';
import type { TStorage } from './storage.ts';

/** Uploaded files are immutable (random names), so browsers and proxies keep them for a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Public uploads (avatars, logos, branch photos) at /uploads/<folder>/<name>. Item photos and the
 * other private folders are never served here: only signed links at /api/files reach them
 * (decision 013); and only what the storage wrote (<folder>/<uuid>.<png|jpg|pdf>) is served at all.
 * On disk the static server reads DATA_DIR/uploads; the other drivers are streamed through the API
 * with the same headers (decision 033), so the web sees the same answers whatever STORAGE is.
 */
export async function registerUploads(app: TApp, storage: TStorage, uploadsDir: string): Promise<void> {
  const allowed = (pathname: string) => !isPrivateUploadPath(pathname) && isStoredUploadPath(pathname);
  if (storage.kind === 'disk') {
    mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      // Uploads may not exist yet; they are created on first write.
      serve: true,
      allowedPath: allowed,
      index: false,
      list: false,
      // A stored file never changes: a new upload gets a new random name.
      setHeaders(res) {
        res.header('cache-control', UPLOAD_CACHE_CONTROL);
        res.header('x-content-type-options', 'nosniff');
      },
    });
    return;
  }
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    if (!allowed(rel)) return reply.callNotFound();
    const file = await storage.open(`/uploads/${rel}`);
    if (!file) return reply.callNotFound();
    reply
      .header('cache-control', UPLOAD_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'none');
    if (file.etag) reply.header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    if (file.etag && request.headers['if-none-match'] === file.etag) {
      file.stream.destroy();
      return reply.code(304).send();
    }
    return reply.type(file.contentType).header('content-length', String(file.size)).send(file.stream);
  });
}
