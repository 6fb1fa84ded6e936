import { PHOTO_MSG, ZBranchPhoto, ZBranchPhotoInput, ZBranchPhotoPin } from '@haulpro/shared/branch-photo';
import { zId } from '@haulpro/shared/parse';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { ok, ZEnvelope, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TBranchPhotosService } from './branch-photos.service.ts';

const tags = ['profile'];
const ZPhotoParams = z.object({ id: zId(), image_id: zId() });
const errors = { 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/** The Photos tab of /profile (spec: branches/{id}/photos, photo as data URL). */
export function branchPhotosRoutes(app: TApp, { service, auth }: TRouteDeps<TBranchPhotosService>): void {
  const svc = service;
  const staff = auth('staff');

  app.get(
    '/branches/:id/photos',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "A branch's photos, pinned first, then newest",
        params: ZIdParam,
        response: { 200: ZEnvelope(z.array(ZBranchPhoto)), ...errors },
      },
    },
    async (req) => ok(await svc.list(caller(req), req.params.id)),
  );

  app.post(
    '/branches/:id/photos',
    {
      preHandler: staff,
      // A photo arrives as a data URL: 10 MB of image is about 13.4 MB of base64.
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Add a photo (png, jpg or jpeg data URL, at most 10 MB; checked by its bytes)',
        params: ZIdParam,
        body: ZBranchPhotoInput,
        response: { 200: ZEnvelope(ZBranchPhoto), ...errors },
      },
    },
    async (req) => ok(await svc.add(caller(req), req.params.id, req.body.photo), PHOTO_MSG.added),
  );

  app.put(
    '/branches/:id/photos/:image_id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Pin or unpin a photo',
        params: ZPhotoParams,
        body: ZBranchPhotoPin,
        response: { 200: ZEnvelope(ZBranchPhoto), ...errors },
      },
    },
    async (req) => {
      const photo = await svc.pin(caller(req), req.params.id, req.params.image_id, req.body.is_pinned);
      return ok(photo, photo.is_pinned ? PHOTO_MSG.pinned : PHOTO_MSG.unpinned);
    },
  );

  app.delete(
    '/branches/:id/photos/:image_id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Delete a photo (and its file)',
        params: ZPhotoParams,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (req) => {
      await svc.remove(caller(req), req.params.id, req.params.image_id);
      return ok(null, PHOTO_MSG.deleted);
    },
  );
}
