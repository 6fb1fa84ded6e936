import { TALK_MSG, THREAD_OPEN_DAYS_AFTER_CLOSE } from '@haulpro/shared/talk';

/**
 * A job's thread as the messages module sees it (decision 031): who the two sides are and where
 * the job stands. The orders and deliveries modules publish it (order-thread-front.ts,
 * delivery-thread-front.ts); the rules below decide what a party may do.
 */
export type TThreadJob = {
  kind: 'order' | 'delivery';
  id: number;
  customerId: number;
  /** "First L." */
  customerName: string;
  /** The order's branch (or company), the delivery's acceptor: "First L." or the branch's name. */
  providerName: string;
  /** The company whose staff are the provider side (an order's company, a delivery's acceptor company). */
  providerCompanyId: number | null;
  /** A labor helper who accepted the delivery. */
  providerUserId: number | null;
  /** The thread is open: an order from New, a delivery once accepted. */
  opened: boolean;
  /** The job was accepted (contact details are no longer masked). */
  accepted: boolean;
  /** When the job closed (Completed, Cancelled, Rejected), or null while it runs. */
  closedAt: Date | null;
  /**
   * The thread starts here: a delivery's current acceptance. Messages before it were written with
   * an acceptor who gave the delivery back; neither side of the new acceptance sees them (the
   * admin does). Null: the whole thread (an order's provider never changes).
   */
  since: Date | null;
};

export type TThreadSide = 'customer' | 'provider';
export type TThreadCaller = { userId: number; role: string; companyId: number | null };

/** "First L." (a customer or a helper as the other side sees them). */
export function shortName(first: string, last: string): string {
  const initial = last.trim().charAt(0);
  return initial ? `${first.trim()} ${initial.toUpperCase()}.` : first.trim();
}

/** The caller's side of the thread when they call on `path`, or null (a non-party: a 404). */
export function sideOf(job: TThreadJob, caller: TThreadCaller, path: TThreadSide): TThreadSide | null {
  if (path === 'customer')
    return caller.role === 'customer' && caller.userId === job.customerId ? 'customer' : null;
  if (caller.role === 'staff' && caller.companyId !== null && caller.companyId === job.providerCompanyId)
    return 'provider';
  if (caller.role === 'labor' && job.providerUserId !== null && caller.userId === job.providerUserId)
    return 'provider';
  return null;
}

const DAY_MS = 86_400_000;

/** Whether a party may post now, and why not (TALK_MSG.notOpen or .closed). */
export function postRule(job: TThreadJob, now: Date): { canPost: boolean; reason: string | null } {
  if (!job.opened) return { canPost: false, reason: TALK_MSG.notOpen };
  if (job.closedAt && now.getTime() - job.closedAt.getTime() >= THREAD_OPEN_DAYS_AFTER_CLOSE * DAY_MS)
    return { canPost: false, reason: TALK_MSG.closed };
  return { canPost: true, reason: null };
}

/** `order:12` / `delivery:7`: the thread's key in the reminders ledger. */
export const threadRef = (job: Pick<TThreadJob, 'kind' | 'id'>) => `${job.kind}:${job.id}`;
