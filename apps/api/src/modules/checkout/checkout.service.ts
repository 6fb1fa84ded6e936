import { createHash } from 'node:crypto';
import { MSG } from '@haulpro/shared/messages';
import type { TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../domain/errors.ts';
import type { TCheckoutRequest, TPaymentEvent } from '../../payments/payment-provider.ts';
import { readUpload, type TUpload } from '../../storage/image-upload.ts';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  recordPaymentEvent,
  setIdempotencyCheckout,
  setIdempotencyTarget,
  type TIdempotencyKey,
  type TIdempotencyRow,
  type TIdempotencyTarget,
} from './checkout.repository.ts';

export type { TPaymentEvent } from '../../payments/payment-provider.ts';
export type { TIdempotencyKey, TIdempotencyRow } from './checkout.repository.ts';

/** A customer's key with the hash of the call and body it came with. */
export type TIdempotentRequest = TIdempotencyKey & { hash: string };

/** What a kind of booking does with a verified event, inside the webhook's own transaction. */
export type TPaymentApplier = (
  tx: TTx,
  ev: TPaymentEvent,
  now: Date,
) => Promise<{ applied: boolean; committed?: () => void }>;

/** Who applies an event: a booking kind, or the payouts module for Connect events. */
export type TPaidKind = 'order' | 'delivery' | 'connect' | 'tip';

/** A booking under a key: this request's own result, or the row of the request that won the key. */
export type TIdempotentRun<T> = { won: true; value: T } | { won: false; prior: TIdempotencyRow };

export type TRefundRequest = {
  sessionId: string;
  amountCents: number;
  idempotencyKey: string;
  /** What the refund is for, in the log line of a failure. */
  ref: Record<string, number>;
};

/**
 * Refunds a paid checkout through the provider with one idempotency key per money movement (a
 * retry, or two processes at once, refund once): the provider's refund id, or null when it could
 * not be reached (logged; the caller keeps the refund owed, for a retry).
 */
async function refundPayment(
  deps: Pick<TDeps, 'payments' | 'log'>,
  r: TRefundRequest,
): Promise<string | null> {
  if (!deps.payments) return null;
  try {
    const { sessionId, amountCents, idempotencyKey } = r;
    return (await deps.payments.refund({ sessionId, amountCents, idempotencyKey })).refundId;
  } catch (err) {
    deps.log.error({ err, ...r.ref }, 'refund failed; it stays pending for a retry');
    return null;
  }
}

/** The same call with the same parsed body, byte for byte (client-only fields are already stripped). */
function idempotencyHash(call: string, body: unknown): string {
  return createHash('sha256')
    .update(`${call}\n${JSON.stringify(body)}`)
    .digest('hex');
}

/**
 * One checkout for every kind of booking (decision 024): the Idempotency-Key (decisions 013 and
 * 023), the item photos staged on disk until the booking commits, the provider's payment page,
 * the webhook and refunds. It imports no booking module: each registers what a paid event means
 * for it (`onPayment`) when the services are composed, so the module graph stays one-way.
 */
export function createCheckoutService(deps: TDeps) {
  const { db, clock } = deps;
  const appliers = new Map<TPaidKind, TPaymentApplier>();

  /** The event's applier: Connect's and tips' to the payouts, a delivery's metadata names it, anything else is an order's. */
  const kindOf = (ev: TPaymentEvent): TPaidKind =>
    ev.connect ? 'connect' : ev.purpose === 'tip' ? 'tip' : ev.deliveryId ? 'delivery' : 'order';

  /**
   * The row of a key used before (then the request is answered from it), or null. The same key
   * with another call or body is a 422 on `idempotency_key`.
   */
  async function priorRequest(idem: TIdempotentRequest | null): Promise<TIdempotencyRow | null> {
    if (!idem) return null;
    const prior = await findIdempotencyKey(db, idem);
    if (!prior) return null;
    if (prior.requestHash !== idem.hash) throw invalid({ idempotency_key: [MSG.idempotencyKeyReused] });
    return prior;
  }

  return {
    electronicPayments: (): boolean => deps.payments !== null,
    idempotencyHash,

    onPayment(kind: TPaidKind, apply: TPaymentApplier): void {
      appliers.set(kind, apply);
    },

    /**
     * A booking's checks, then its key (issue 30). A first request, the usual case, reads no key
     * before its transaction claims it; a retry whose checks pass loses that claim and answers
     * with the first booking (`runIdempotent`). Only checks that refuse make the key be read: a
     * retry whose body would now be refused (its date has passed, the window it took is full with
     * itself) still answers with what it booked, and the same key with another body is the 422 on
     * `idempotency_key` it always was.
     */
    async checkUnlessBooked<T>(
      idem: TIdempotentRequest | null,
      check: () => Promise<T>,
    ): Promise<{ checked: T; prior?: never } | { prior: TIdempotencyRow; checked?: never }> {
      try {
        return { checked: await check() };
      } catch (err) {
        const prior = await priorRequest(idem);
        if (prior) return { prior };
        throw err;
      }
    },

    /**
     * Runs a booking in one transaction that first claims the key: a concurrent request with the
     * same key waits on the key's primary key until the owner commits (then this answers
     * `{ lost }` with the winner's row) or rolls back (then it owns the key). Never
     * check-then-insert. What the work made is recorded on the key in the same transaction: by
     * the work itself when it calls `record` (sent when called, so a booking sends it with its
     * rows instead of after them: issue 30), otherwise once the work has ended.
     */
    async runIdempotent<T>(
      idem: TIdempotentRequest | null,
      work: (
        tx: TTx,
        record: (target: TIdempotencyTarget) => Promise<void>,
      ) => Promise<{ value: T; target: TIdempotencyTarget }>,
    ): Promise<TIdempotentRun<T>> {
      const now = clock.now();
      const out = await db.transaction(async (tx) => {
        if (idem && !(await claimIdempotencyKey(tx, idem, now))) return null;
        let recorded = false;
        const record = (target: TIdempotencyTarget) => {
          recorded = true;
          return idem ? setIdempotencyTarget(tx, idem, target) : Promise.resolve();
        };
        const r = await work(tx, record);
        if (idem && !recorded) await setIdempotencyTarget(tx, idem, r.target);
        return r.value;
      });
      if (out !== null) return { won: true, value: out };
      const prior = await priorRequest(idem);
      if (!prior) throw new Error('idempotency key claimed by a transaction that left no row');
      return { won: false, prior };
    },

    /**
     * Checks every item photo by its bytes before anything is written: the files, or the 422
     * messages by field (`<field>.<index>`) for the caller to answer with its other errors.
     */
    async readPhotos(dataUrls: readonly string[], field: string) {
      const photos: TUpload[] = [];
      const errors: Record<string, string[]> = {};
      for (const [i, dataUrl] of dataUrls.entries()) {
        const f = await readUpload(dataUrl);
        if (f.ok) photos.push(f);
        else errors[`${field}.${i}`] = [f.message];
      }
      return { photos, errors };
    },

    /**
     * Stores the photos, then runs the booking with their paths: when it throws, or loses its
     * key to a concurrent request, the files go too. After a commit they belong to the booking.
     */
    async withStagedPhotos<T>(
      photos: TUpload[],
      book: (paths: string[]) => Promise<TIdempotentRun<T>>,
    ): Promise<TIdempotentRun<T>> {
      const stored: string[] = [];
      const removeAll = () => Promise.all(stored.map((p) => deps.storage.remove(p)));
      try {
        for (const f of photos) stored.push(await deps.storage.save('items', f.bytes, f.ext));
        const r = await book(stored);
        if (!r.won) await removeAll();
        return r;
      } catch (err) {
        await removeAll();
        throw err;
      }
    },

    /**
     * Opens the provider's payment page and records its session once (`claimSession` sets the
     * booking's session only while none is set) with the key's row, so a retry sends the
     * customer to the same page; a concurrent retry that recorded first wins (the webhook matches
     * its session). A provider failure is logged and answered 500, without the provider's words:
     * the booking stands and a retry with the same key opens the page.
     */
    async openPaymentPage(
      r: TCheckoutRequest,
      idem: TIdempotencyKey | null,
      claimSession: (tx: TTx, sessionId: string) => Promise<boolean>,
    ): Promise<string | null> {
      if (!deps.payments) return null;
      const kind = r.kind ?? 'order';
      const session = await deps.payments.createCheckout(r).catch((err: unknown) => {
        deps.log.error({ err, [`${kind}Id`]: r.orderId }, 'payment page could not be opened');
        throw new Error(`checkout for ${kind} ${r.orderId} failed`);
      });
      const recorded = await db.transaction(async (tx) => {
        if (!(await claimSession(tx, session.sessionId))) return false;
        if (idem) await setIdempotencyCheckout(tx, idem, session.url);
        return true;
      });
      if (recorded) return session.url;
      const prior = idem ? await findIdempotencyKey(db, idem) : undefined;
      return prior?.checkoutUrl ?? null;
    },

    /**
     * A provider event: verified over the exact bytes, then recorded and applied in ONE
     * transaction. A replay (recorded before) applies nothing; an apply that fails rolls the
     * record back too, so the request answers 500 and the provider's retry applies it.
     */
    async paymentWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ applied: boolean }> {
      if (!deps.payments) throw notFound();
      let ev: TPaymentEvent;
      try {
        ev = await deps.payments.verifyWebhook(rawBody, signature);
      } catch {
        throw new AppError('bad_request', 'Invalid webhook signature.');
      }
      const now = clock.now();
      const apply = appliers.get(kindOf(ev));
      const r = await db.transaction(async (tx) => {
        if (!(await recordPaymentEvent(tx, ev, now))) return { applied: false };
        return apply ? apply(tx, ev, now) : { applied: false };
      });
      r.committed?.();
      return { applied: r.applied };
    },

    refund: (r: TRefundRequest) => refundPayment(deps, r),
  };
}

export type TCheckoutService = ReturnType<typeof createCheckoutService>;
