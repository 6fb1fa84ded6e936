import multipart from '@fastify/multipart';
import {
  JOB_MSG,
  PHOTO_PHASES,
  type TJobView,
  type TPhotoPhase,
  ZChangeInput,
  ZConfirmInput,
  ZCrewTimeInput,
  ZDisputeInput,
  ZJobEventInput,
  ZJobView,
  ZSignInput,
  ZSignResult,
  ZToday,
} from '@haulpro/shared/move-day';
import { zId } from '@haulpro/shared/parse';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, invalid } from '../../domain/errors.ts';
import { caller } from '../../http/auth.ts';
import { ZErrorBody } from '../../http/envelope.ts';
import { ZIdParam } from '../../http/params.ts';
import type { TApp } from '../../http/types.ts';
import { readUpload, readUploadBytes } from '../../storage/image-upload.ts';
import type { TRouteDeps } from '../route-deps.ts';
import type { TMoveDayService } from './move-day.service.ts';

const tags = ['move day'];
const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const ZJobAnswer = z.object({ data: ZJobView });
/** A signature's or a confirmation's answer: the job, the work order, and a tip's own Checkout when one is needed. */
const ZConfirmAnswer = ZSignResult.extend({ tip_checkout_url: z.string().nullable() });
const ZChangeParams = z.object({ id: zId(), change_id: zId() });
const ZTodayQuery = z.strictObject({ branch_id: zId().optional() });
/** A photo from a phone's camera: at most 10 MB, like every upload. */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** The answer of a confirmed bill, signed or from the dashboard. */
const confirmAnswer = (r: {
  view: TJobView;
  workOrderUrl: string | null;
  tipCheckoutUrl: string | null;
}) => ({
  data: r.view,
  message: 'Order completed',
  work_order_url: r.workOrderUrl,
  tip_checkout_url: r.tipCheckoutUrl,
});

/** Reads a photo form: `photo` (one image, checked by content) and `phase` (before, after or change). */
async function readPhotoForm(req: FastifyRequest) {
  let bytes: Buffer | null = null;
  let phase: string | undefined;
  try {
    for await (const part of req.parts({
      limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fieldSize: 1024 },
    })) {
      if (part.type === 'file') {
        const b = await part.toBuffer();
        if (part.file.truncated) throw invalid({ photo: ['A photo can be at most 10 MB.'] });
        if (part.fieldname === 'photo') bytes = b;
      } else if (part.fieldname === 'phase') phase = typeof part.value === 'string' ? part.value : undefined;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ photo: ['A photo can be at most 10 MB.'] });
    throw invalid({ photo: ['Send one photo as multipart/form-data in the field "photo".'] });
  }
  const phases: readonly string[] = [...PHOTO_PHASES, 'change'];
  if (!phase || !phases.includes(phase)) throw invalid({ phase: [JOB_MSG.phase] });
  if (!bytes) throw invalid({ photo: ['Choose a photo (JPEG or PNG).'] });
  const r = await readUploadBytes(bytes);
  if (!r.ok) throw invalid({ photo: [r.message] });
  return { phase: phase as TPhotoPhase | 'change', file: r };
}

/** The crew's calls on move day (company staff), under /api/dashboard. */
export async function moveDayRoutes(
  app: TApp,
  { service, auth }: TRouteDeps<TMoveDayService>,
): Promise<void> {
  const staff = auth('staff');
  const crew = auth('staff', 'labor');
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } });

  app.get(
    '/today',
    {
      preHandler: crew,
      schema: {
        tags,
        summary: "Today's jobs in arrival order",
        querystring: ZTodayQuery,
        response: { 200: z.object({ data: ZToday }), ...errors },
      },
    },
    async (req) => ({ data: await service.today(caller(req), req.query.branch_id) }),
  );

  app.get(
    '/orders/:id/job',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'The job of an order: steps, clock, bill',
        params: ZIdParam,
        response: { 200: ZJobAnswer, ...errors },
      },
    },
    async (req) => ({ data: await service.job(caller(req), req.params.id, 'company') }),
  );

  app.post(
    '/orders/:id/job-events',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Record a step of the crew (idempotent per key)',
        params: ZIdParam,
        body: ZJobEventInput,
        response: { 200: ZJobAnswer, ...errors },
      },
    },
    async (req) => ({ data: await service.step(caller(req), req.params.id, req.body) }),
  );

  app.post(
    '/orders/:id/changes',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Add a change on site (waits for the customer)',
        params: ZIdParam,
        body: ZChangeInput,
        response: { 200: ZJobAnswer, ...errors },
      },
    },
    async (req) => ({ data: await service.addChange(caller(req), req.params.id, req.body) }),
  );

  for (const [verb, approve] of [
    ['approve', true],
    ['decline', false],
  ] as const) {
    app.post(
      `/orders/:id/changes/:change_id/${verb}`,
      {
        preHandler: staff,
        schema: {
          tags,
          summary: `The customer taps ${verb} on the crew's phone`,
          params: ZChangeParams,
          response: { 200: ZJobAnswer, ...errors },
        },
      },
      async (req) => ({
        data: await service.decideChange(
          caller(req),
          req.params.id,
          req.params.change_id,
          approve,
          'company',
        ),
      }),
    );
    app.post(
      `/customer/orders/:id/changes/:change_id/${verb}`,
      {
        preHandler: auth('customer'),
        schema: {
          tags,
          summary: `The customer's ${verb} of a change from their dashboard`,
          params: ZChangeParams,
          response: { 200: ZJobAnswer, ...errors },
        },
      },
      async (req) => ({
        data: await service.decideChange(
          caller(req),
          req.params.id,
          req.params.change_id,
          approve,
          'customer',
        ),
      }),
    );
  }

  app.post(
    '/orders/:id/photos',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Add a before, after or change photo (multipart: photo, phase; at most 20)',
        params: ZIdParam,
        response: { 200: ZJobAnswer, ...errors, 413: ZErrorBody },
      },
    },
    async (req) => {
      const { phase, file } = await readPhotoForm(req);
      return { data: await service.addPhoto(caller(req), req.params.id, phase, file) };
    },
  );

  app.post(
    '/orders/:id/crew-times',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "A crew member's own start or finish",
        params: ZIdParam,
        body: ZCrewTimeInput,
        response: { 200: ZJobAnswer, ...errors },
      },
    },
    async (req) => ({ data: await service.setCrewTime(caller(req), req.params.id, req.body) }),
  );

  app.post(
    '/orders/:id/sign',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'The customer signs the final bill on the crew’s phone: the order Completed',
        params: ZIdParam,
        body: ZSignInput,
        response: {
          200: ZConfirmAnswer,
          ...errors,
          503: ZErrorBody,
        },
      },
    },
    async (req) => {
      const sig = await readUpload(req.body.signature, ['png']);
      if (!sig.ok) throw invalid({ signature: [JOB_MSG.signature] });
      const r = await service.sign(caller(req), req.params.id, {
        signaturePng: sig.bytes,
        tip: req.body.tip,
        collectCash: req.body.collect_cash,
      });
      return confirmAnswer(r);
    },
  );

  app.get(
    '/customer/orders/:id/job',
    {
      preHandler: auth('customer'),
      schema: {
        tags,
        summary: 'The job of my order: state, clock, bill',
        params: ZIdParam,
        response: { 200: ZJobAnswer, ...errors },
      },
    },
    async (req) => ({ data: await service.job(caller(req), req.params.id, 'customer') }),
  );

  app.post(
    '/customer/orders/:id/job/confirm',
    {
      preHandler: auth('customer'),
      schema: {
        tags,
        summary: 'Confirm the finished bill from my dashboard, with an optional tip',
        params: ZIdParam,
        body: ZConfirmInput,
        response: {
          200: ZConfirmAnswer,
          ...errors,
          503: ZErrorBody,
        },
      },
    },
    async (req) => {
      const r = await service.confirm(caller(req), req.params.id, req.body?.tip);
      return confirmAnswer(r);
    },
  );

  app.post(
    '/customer/orders/:id/job/dispute',
    {
      preHandler: auth('customer'),
      schema: {
        tags,
        summary: 'Dispute the finished bill',
        params: ZIdParam,
        body: ZDisputeInput,
        response: { 200: ZJobAnswer, ...errors },
      },
    },
    async (req) => ({ data: await service.dispute(caller(req), req.params.id, req.body.reason) }),
  );
}
