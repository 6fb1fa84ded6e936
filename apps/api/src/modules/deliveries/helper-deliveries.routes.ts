import multipart from '@fastify/multipart';
import { PAYOUT_FILES, PAYOUT_MSG } from '@haulpro/shared/delivery';
import {
  payoutFilesError,
  uniquePayoutFiles,
  ZDeliveryReasonInput,
  ZHelperNote,
} from '@haulpro/shared/delivery-input';
import {
  ZDeliveryAcceptInput,
  ZDeliveryCounts,
  ZDeliveryListQuery,
  ZDeliveryView,
} from '@haulpro/shared/delivery-view';
import { MSG } from '@haulpro/shared/messages';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, invalid } from '../../domain/errors.ts';
import { caller } from '../../http/auth.ts';
import { ok, ZErrorBody, ZPageMeta } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import { plainJson } from '../../http/plain-json.ts';
import { sendJsonBody } from '../../http/send-json-body.ts';
import type { TApp } from '../../http/types.ts';
import { readUploadBytes } from '../../storage/image-upload.ts';
import type { TRouteDeps } from '../route-deps.ts';
import { DELIVERY_TEXT, type TDeliveriesService } from './deliveries.service.ts';
import { deliveryMoveDayRoutes } from './delivery-move-day.routes.ts';
import { errors, seeReviews, tags, ZAction, ZSeeReviews } from './delivery-route-parts.ts';

/** Spec: at most 10485760 bytes a file. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Parts read before giving up (duplicates are dropped after reading, so a few more than 5). */
const MAX_PARTS = 12;

type TFilePart = { name: string; bytes: Buffer; mime: string; ext: string };

/**
 * Reads the Get Paid form: `files[]` (1 to 5 after dropping duplicates of name and size; jpg,
 * jpeg, png or pdf by name and by content), `helper_note` (optional) and `signature` (an optional
 * png drawn on the device). Every refusal is a 422 with the spec's message on `files`; nothing is
 * written before the whole form is read and checked.
 */
async function readPayoutForm(req: FastifyRequest) {
  const files: { name: string; bytes: Buffer }[] = [];
  let note: string | undefined;
  let signature: Buffer | null = null;
  const tooLarge = () => invalid({ files: [MSG.fileTooLarge] });
  try {
    for await (const part of req.parts({
      limits: { fileSize: MAX_FILE_BYTES, files: MAX_PARTS, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        if (part.fieldname === 'signature') signature = bytes;
        else if (part.fieldname === 'files[]' || part.fieldname === 'files')
          files.push({ name: part.filename, bytes });
      } else if (part.fieldname === 'helper_note') {
        note = typeof part.value === 'string' ? part.value : undefined;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Anything the multipart parser refuses (a cut-off body, a bad boundary, too many parts) is
    // the sender's mistake: a 422, never a 500.
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw invalid({ files: [PAYOUT_MSG.files] });
  }
  const parsedNote = ZHelperNote.safeParse(note);
  if (!parsedNote.success)
    throw invalid({ helper_note: [parsedNote.error.issues[0]?.message ?? 'Invalid note'] });
  const unique = uniquePayoutFiles(files.map((f) => ({ ...f, size: f.bytes.length })));
  // A signature alone is enough (the server makes the signed letter); otherwise 1 to 5 files.
  if (!(signature && unique.length === 0)) {
    const e = payoutFilesError(unique);
    if (e) throw invalid({ files: [e] });
  }
  if (unique.length > PAYOUT_FILES.max) throw invalid({ files: [PAYOUT_MSG.files] });
  const checked: TFilePart[] = [];
  for (const f of unique) {
    const r = await readUploadBytes(f.bytes, ['png', 'jpg', 'pdf']);
    if (!r.ok) throw invalid({ files: [`${f.name}: ${r.message}`] });
    checked.push({ name: f.name.slice(0, 200), bytes: r.bytes, mime: r.mime, ext: r.ext });
  }
  let signaturePng: Buffer | null = null;
  if (signature) {
    const r = await readUploadBytes(signature, ['png']);
    if (!r.ok) throw invalid({ signature: [r.message] });
    signaturePng = r.bytes;
  }
  return { files: checked, note: parsedNote.data?.trim() || null, signaturePng };
}

/** Labor users and company staff: the helper dashboard's calls (`/api/dashboard/deliveries...`). */
export async function deliveriesRoutes(
  app: TApp,
  { service: svc, auth }: TRouteDeps<TDeliveriesService>,
): Promise<void> {
  const helper = auth('labor', 'staff');
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: MAX_PARTS } });

  app.get(
    '/deliveries',
    {
      // The view function's typed answer, serialized once (response-views.test.ts checks it
      // field for field against the schema instead of a zod pass on every request).
      ...plainJson,
      preHandler: helper,
      schema: {
        tags,
        summary: "The helper dashboard: New biddings or Accepted, with both tabs' counts",
        querystring: ZDeliveryListQuery,
        response: {
          200: z.object({ data: z.array(ZDeliveryView), meta: ZPageMeta, counts: ZDeliveryCounts }),
          ...errors,
        },
      },
    },
    async (req, reply) => sendJsonBody(req, reply, await svc.helperList(caller(req), req.query)),
  );
  app.get(
    '/deliveries/:id',
    {
      preHandler: helper,
      schema: {
        tags,
        summary: 'One delivery (contact withheld while bidding)',
        params: ZIdParam,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) => ok(await svc.helperOne(caller(req), req.params.id)),
  );
  app.get(
    '/deliveries/:id/reviews',
    {
      preHandler: helper,
      schema: {
        tags,
        summary: "See reviews: the published reviews the delivery's customer received",
        params: ZIdParam,
        response: { 200: ZSeeReviews, ...errors },
      },
    },
    async (req) => seeReviews(await svc.reviewsAbout(caller(req), req.params.id)),
  );
  app.get(
    '/deliveries/:id/letter',
    {
      preHandler: helper,
      schema: {
        tags,
        summary: 'The printable letter for the customer signature (acceptor)',
        params: ZIdParam,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) => ok(await svc.letter(caller(req), req.params.id)),
  );
  app.post(
    '/deliveries/:id/accept',
    {
      preHandler: helper,
      schema: {
        tags,
        summary: 'Accept a New delivery: the first accept wins, every other gets 409',
        params: ZIdParam,
        body: ZDeliveryAcceptInput.optional(),
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) => ok(await svc.accept(caller(req), req.params.id, req.body ?? {}), DELIVERY_TEXT.accepted),
  );
  app.post(
    '/deliveries/:id/reject',
    {
      preHandler: helper,
      schema: {
        tags,
        summary: 'Stop seeing a New delivery (it stays open for others)',
        params: ZIdParam,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) => ok(await svc.reject(caller(req), req.params.id), DELIVERY_TEXT.rejected),
  );
  app.post(
    '/deliveries/:id/cancel',
    {
      preHandler: helper,
      schema: {
        tags,
        summary: 'The acceptor gives the delivery back (with a reason): it is open for bidding again',
        params: ZIdParam,
        body: ZDeliveryReasonInput,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) =>
      ok(await svc.helperCancel(caller(req), req.params.id, req.body.reason), DELIVERY_TEXT.cancelled),
  );
  app.post(
    '/deliveries/:id/complete',
    {
      preHandler: helper,
      bodyLimit: (MAX_FILE_BYTES + 64 * 1024) * 6,
      schema: {
        tags,
        summary:
          'Get Paid: multipart files[] (1 to 5: jpg, jpeg, png, pdf), helper_note, optional signature png',
        consumes: ['multipart/form-data'],
        params: ZIdParam,
        response: { 200: ZAction, 413: ZErrorBody, 415: ZErrorBody, ...errors },
      },
    },
    async (req) => {
      const a = caller(req);
      if (!req.isMultipart()) throw invalid({ files: [PAYOUT_MSG.files] });
      const form = await readPayoutForm(req);
      return ok(
        await svc.submitPayout(a, req.params.id, form.files, form.note, form.signaturePng),
        DELIVERY_TEXT.submitted,
      );
    },
  );
  app.post(
    '/deliveries/:id/archive',
    {
      preHandler: helper,
      schema: {
        tags,
        summary: 'Remove a finished delivery from the Accepted tab',
        params: ZIdParam,
        response: { 200: ZAction, ...errors },
      },
    },
    async (req) => ok(await svc.helperArchive(caller(req), req.params.id), DELIVERY_TEXT.archived),
  );
  // Move day (issue 28): On my way, Arrived and the proof photos, in this scope for its multipart parser.
  deliveryMoveDayRoutes(app, { service: svc, auth });
}
