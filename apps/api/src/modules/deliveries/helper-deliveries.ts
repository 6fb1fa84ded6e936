import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { clockSecond, jsonBody, type TJsonBody, weighBody } from '../../cache/json-body.ts';
import type { TAuth, TDeps } from '../../context.ts';
import type { TPayoutFileRecord } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import { pageMeta } from '../../domain/paging.ts';
import { findDelivery } from './deliveries.repository.ts';
import { helperParty, type TDeliveryFunnel } from './delivery-act.ts';
import type { TDeliveryRequest } from './delivery-actions.ts';
import { signedLetterPdf } from './delivery-letter-pdf.ts';
import { listHelperDeliveries } from './delivery-lists.repository.ts';
import { helperActor, helperCaller, type TDeliveryReads } from './delivery-reads.ts';

/** A file of a payout submission as the multipart route read it, checked by its bytes. */
export type TPayoutFile = { name: string; bytes: Buffer; mime: string; ext: string };

/**
 * The helpers' deliveries (labor users and company staff; decision 016): their lists, one
 * delivery, the letter, bidding (accept, reject), giving it back, Get Paid and their earnings.
 */
export function createHelperDeliveries(deps: TDeps, funnel: TDeliveryFunnel, reads: TDeliveryReads) {
  const { db, clock } = deps;
  const { render, oneView } = reads;

  /** One step through the funnel, answered as the helper now sees the delivery. */
  async function step(auth: TAuth, id: number, request: TDeliveryRequest): Promise<TDeliveryView> {
    const caller = helperCaller(auth);
    const done = await funnel.act(caller, id, request);
    const viewer = request.kind === 'accept' || done.party !== 'bidder' ? 'acceptor' : 'bidder';
    return oneView(done.row, viewer, caller.actor, done.listed);
  }

  async function letter(auth: TAuth, id: number) {
    const actor = helperActor(auth);
    const d = await findDelivery(db, id);
    if (!d) throw notFound();
    if ((await helperParty(db, d, actor)).party !== 'acceptor') throw notFound();
    return oneView(d, 'acceptor', actor);
  }

  return {
    /**
     * A helper's tab (New, Accepted, History) with both counts, as the JSON body the route sends.
     * Dashboards poll it, so it is kept per clock second (the countdowns and the deadline filter
     * are exact to the second): a company's answer, the same for all its staff, per company,
     * branch filter, tab and page, forgotten on any write (decision 011); a labor user's, theirs
     * alone, until a table it read changes (decision 032).
     */
    async helperList(
      auth: TAuth,
      q: {
        tab: 'new' | 'accepted' | 'history';
        branch_id?: number | undefined;
        page: number;
        paginate: number;
      },
    ): Promise<TJsonBody> {
      const actor = helperActor(auth, q.branch_id);
      const now = clock.now();
      const read = async () => {
        const r = await listHelperDeliveries(db, actor, q.tab, now, q.page, q.paginate);
        const data = render(r.items, () => (q.tab === 'new' ? 'bidder' : 'acceptor'), actor, now);
        return jsonBody(
          JSON.stringify({ data, meta: pageMeta(q.page, q.paginate, r.total), counts: r.counts }),
        );
      };
      const second = clockSecond(now);
      const tab = `${q.tab}:${q.page}:${q.paginate}@${second}`;
      if (actor.kind !== 'company')
        return deps.cache.memoScoped(`deliveries:labor:${auth.user.id}:${tab}`, read, weighBody);
      return deps.cache.memo(
        `deliveries:company:${actor.companyId}:${actor.branchId ?? ''}:${tab}`,
        read,
        weighBody,
      );
    },

    async helperOne(auth: TAuth, id: number) {
      const actor = helperActor(auth);
      const d = await findDelivery(db, id);
      if (!d) throw notFound();
      return oneView(d, (await helperParty(db, d, actor)).party, actor);
    },

    /** The printable letter: for the acceptor of an accepted, being-completed, completed or cancelled delivery. */
    letter,

    /** A company may name the branch that takes it; without one, its nearest covering branch does. */
    accept: (auth: TAuth, id: number, body: { branch_id?: number | undefined }) =>
      step(auth, id, { kind: 'accept', branchId: body.branch_id }),
    reject: (auth: TAuth, id: number) => step(auth, id, { kind: 'reject' }),
    helperCancel: (auth: TAuth, id: number, reason: string) => step(auth, id, { kind: 'give_back', reason }),
    helperArchive: (auth: TAuth, id: number) => step(auth, id, { kind: 'helper_archive' }),

    /**
     * Get Paid: 1 to 5 files (checked by their bytes; duplicates of name and size counted once) and
     * an optional note, or a signature made on the device that becomes the signed letter's PDF.
     * Nothing is left on disk when the step is refused.
     */
    async submitPayout(
      auth: TAuth,
      id: number,
      files: TPayoutFile[],
      note: string | null,
      signaturePng: Buffer | null,
    ) {
      const stored: TPayoutFileRecord[] = [];
      // Signed on the helper's phone: the letter with the signature becomes the document.
      const signaturePdf = signaturePng
        ? await signedLetterPdf(await letter(auth, id), signaturePng, clock.now())
        : null;
      try {
        let n = 1;
        for (const f of files) {
          const path = await deps.storage.save('payouts', f.bytes, f.ext);
          stored.push({
            id: n++,
            path,
            name: f.name,
            size: f.bytes.length,
            type: f.mime as TPayoutFileRecord['type'],
          });
        }
        if (signaturePdf) {
          const path = await deps.storage.save('payouts', signaturePdf, 'pdf');
          stored.push({
            id: n++,
            path,
            name: `delivery-${id}-signed.pdf`,
            size: signaturePdf.length,
            type: 'application/pdf',
          });
        }
        return await step(auth, id, {
          kind: 'submit_payout',
          submission: { files: stored, note, signedOnDevice: !!signaturePdf },
        });
      } catch (err) {
        await Promise.all(stored.map((s) => deps.storage.remove(s.path)));
        throw err;
      }
    },
  };
}
