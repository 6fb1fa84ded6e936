import {
  TALK_MSG,
  THREAD_PAGE_SIZE,
  type TThreadMessage,
  type TThreadState,
  type TUnreadThreads,
} from '@haulpro/shared/talk';
import type { TAuth, TDeps } from '../../context.ts';
import { notFound } from '../../domain/errors.ts';
import { pageMeta } from '../../domain/paging.ts';
import { postRule, sideOf, type TThreadJob, type TThreadSide } from '../../domain/thread-job.ts';
import { createMessageDigests } from './message-digests.ts';
import { messageView } from './message-view.ts';
import {
  countUnread,
  markThreadRead,
  type TUnreadScope,
  threadPage,
  unreadThreads,
} from './messages.repository.ts';
import { createPostMessage } from './post-message.ts';
import type { TMessagesFronts, TThreadKind } from './thread-types.ts';

export type { TMessagesFronts, TThreadKind };

export type TThreadPage = { data: TThreadMessage[]; meta: ReturnType<typeof pageMeta> & TThreadState };

/**
 * The messages module's front (issue 29, decision 031): a thread per order and per delivery
 * between the customer and the provider. Parties read and post (post-message.ts); a party's read
 * marks the other side's messages read; the admin reads without marking; the digest job mails
 * what stays unread (message-digests.ts). Orders and deliveries are reached through their fronts.
 */
export function createMessagesService(deps: TDeps, fronts: TMessagesFronts) {
  const { db, clock } = deps;

  const jobOf = (kind: TThreadKind, id: number): Promise<TThreadJob | null> =>
    kind === 'order' ? fronts.orders.threadParty(id) : fronts.deliveries.threadParty(id);

  /** The job and the caller's side when they call on `path`; a non-party (or an unknown id) is a 404. */
  async function party(auth: TAuth, kind: TThreadKind, path: TThreadSide, id: number) {
    const job = await jobOf(kind, id);
    if (!job) throw notFound();
    const { id: userId, role, companyId } = auth.user;
    const side = sideOf(job, { userId, role, companyId }, path);
    if (!side) throw notFound();
    return { job, side };
  }

  async function page(
    job: TThreadJob,
    viewer: TThreadSide | null,
    n: number,
    state: Omit<TThreadState, 'masked'>,
  ): Promise<TThreadPage> {
    const now = clock.now();
    const { rows, total } = await threadPage(db, job, n, THREAD_PAGE_SIZE);
    return {
      data: rows.map((m) => messageView(m, job, viewer, now)),
      meta: { ...pageMeta(n, THREAD_PAGE_SIZE, total), ...state, masked: !job.accepted },
    };
  }

  return {
    /** A party's page of the thread; reading marks the other side's unread messages read (all of them, in one statement). */
    async read(
      auth: TAuth,
      kind: TThreadKind,
      path: TThreadSide,
      id: number,
      n: number,
    ): Promise<TThreadPage> {
      const { job, side } = await party(auth, kind, path, id);
      const now = clock.now();
      const unread = job.opened
        ? await markThreadRead(db, job, side === 'customer' ? 'provider' : 'customer', now)
        : 0;
      const rule = postRule(job, now);
      return page(job, side, n, { can_post: rule.canPost, reason: rule.reason, unread_count: unread });
    },

    post: createPostMessage(deps, party),

    /** The admin's read (payout review, disputed bill): nothing is marked read. */
    async adminRead(kind: TThreadKind | 'payout', id: number, n: number): Promise<TThreadPage> {
      const jobId = kind === 'payout' ? await fronts.deliveries.payoutDeliveryId(id) : id;
      const found = jobId === undefined ? null : await jobOf(kind === 'payout' ? 'delivery' : kind, jobId);
      if (!found) throw notFound();
      // The admin reads the whole thread, earlier acceptances included.
      const job = { ...found, since: null };
      const unread = await countUnread(db, job);
      return page(job, null, n, { can_post: false, reason: TALK_MSG.readOnly, unread_count: unread });
    },

    /** The header's and the cards' counts: the other side's unread messages in the caller's threads. */
    async unread(auth: TAuth): Promise<TUnreadThreads> {
      const u = auth.user;
      const scope: TUnreadScope | null =
        u.role === 'customer'
          ? { kind: 'customer', userId: u.id }
          : u.role === 'staff' && u.companyId !== null
            ? { kind: 'company', companyId: u.companyId }
            : u.role === 'labor'
              ? { kind: 'labor', userId: u.id }
              : null;
      const rows = scope ? await unreadThreads(db, scope) : [];
      return {
        total: rows.reduce((n, r) => n + r.unread, 0),
        threads: rows.map((r) => ({ order_id: r.orderId, delivery_id: r.deliveryId, unread: r.unread })),
      };
    },

    /** The scheduler's job: a message unread for 10 minutes is e-mailed, once an hour at most per thread and recipient. */
    sendDigests: createMessageDigests(deps, fronts),
  };
}

export type TMessagesService = ReturnType<typeof createMessagesService>;
