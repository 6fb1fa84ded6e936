import { DELIVERY_MOVE_DAY_MSG as M, ZDeliveryOnMyWayInput } from '@haulpro/shared/move-day';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../domain/errors.ts';
import { caller } from '../../http/auth.ts';
import { ok, ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import { readUploadBytes } from '../../storage/image-upload.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TDeliveriesService } from './deliveries.service.ts';
import type { TMoveDayPhoto } from './delivery-move-day.ts';
import { errors, tags, ZAction } from './delivery-route-parts.ts';

/** One photo of at most 10 MB (a phone's camera). */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export const MOVE_DAY_TEXT = {
  onMyWay: 'On my way: the customer was told',
  arrived: 'Arrived',
  pickupPhoto: 'Pickup photo saved',
  dropoffPhoto: 'Drop-off photo saved',
} as const;

/**
 * Reads `photo`: exactly one file, a png or a jpg by its bytes (storage/image-upload.ts), its
 * metadata (EXIF with GPS) removed. Any other form is a 422 on `photo`.
 */
async function readPhoto(req: FastifyRequest): Promise<TMoveDayPhoto> {
  if (!req.isMultipart()) throw invalid({ photo: [M.photo] });
  const found: Buffer[] = [];
  try {
    for await (const part of req.parts({
      limits: { fileSize: MAX_PHOTO_BYTES, files: 2, fieldSize: 1024 },
    })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw invalid({ photo: [M.photo] });
      if (part.fieldname === 'photo') found.push(bytes);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Whatever the multipart parser refuses is the sender's mistake: a 422, never a 500.
    throw invalid({ photo: [M.photo] });
  }
  if (found.length !== 1) throw invalid({ photo: [M.photo] });
  const r = await readUploadBytes(found[0]!, ['png', 'jpg']);
  if (!r.ok) throw invalid({ photo: [r.message] });
  return { bytes: r.bytes, ext: r.ext };
}

/**
 * Move day on a delivery (issue 28): the acceptor's On my way, Arrived and the two proof photos.
 * Registered inside the helper routes' scope, whose multipart parser it uses.
 */
export function deliveryMoveDayRoutes(
  app: TApp,
  { service: svc, auth }: Pick<TRouteDeps<TDeliveriesService>, 'service' | 'auth'>,
): void {
  const helper = auth('labor', 'staff');
  app.post(
    '/deliveries/:id/on-my-way',
    {
      preHandler: helper,
      schema: {
        tags,
        summary: 'Move day: the acceptor is on the way, with an ETA in minutes (the customer is notified)',
        params: ZIdParam,
        body: ZDeliveryOnMyWayInput,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) =>
      ok(await svc.onMyWay(caller(req), req.params.id, req.body.eta_minutes), MOVE_DAY_TEXT.onMyWay),
  );
  app.post(
    '/deliveries/:id/arrived',
    {
      preHandler: helper,
      schema: {
        tags,
        summary: 'Move day: the acceptor arrived (after On my way)',
        params: ZIdParam,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) => ok(await svc.arrived(caller(req), req.params.id), MOVE_DAY_TEXT.arrived),
  );
  for (const [path, which, text] of [
    ['pickup-photo', 'pickup_photo', MOVE_DAY_TEXT.pickupPhoto],
    ['dropoff-photo', 'dropoff_photo', MOVE_DAY_TEXT.dropoffPhoto],
  ] as const) {
    app.post(
      `/deliveries/:id/${path}`,
      {
        preHandler: helper,
        bodyLimit: MAX_PHOTO_BYTES + 64 * 1024,
        schema: {
          tags,
          summary:
            which === 'pickup_photo'
              ? 'Move day: the pickup photo (multipart `photo`, jpg or png; after Arrived; replaces an earlier one)'
              : 'Move day: the drop-off photo, proof of delivery (multipart `photo`; after the pickup photo)',
          consumes: ['multipart/form-data'],
          params: ZIdParam,
          response: { 200: ZAction, 413: ZErrorBody, 415: ZErrorBody, ...errors },
        },
      },
      async (req) => {
        const a = caller(req);
        const photo = await readPhoto(req);
        return ok(await svc.uploadMoveDayPhoto(a, req.params.id, which, photo), text);
      },
    );
  }
}
