/*
 * Which thread, and where each side reads it (issue 29). Pure, so the address rules are tested
 * without a browser; lib/api/messages.ts makes the calls.
 */

const ADMIN_BASE = '/api/admin';

/** Whose thread: an order's, a delivery's, or (the admin's read) a payout submission's delivery. */
export type TThreadKind = 'order' | 'delivery' | 'payout';
export type TThreadTarget = { kind: TThreadKind; id: number };
/** Which front reads it: the customer's, the provider's (staff, labor), or the admin's. */
export type TThreadAudience = 'customer' | 'provider' | 'admin';

/** The thread's address for this audience, or null when that audience has no such thread. */
export function threadPath(
  audience: TThreadAudience,
  target: TThreadTarget,
): { path: string; base?: string } | null {
  if (audience === 'admin') {
    if (target.kind === 'delivery') return null;
    return {
      path: `${target.kind === 'payout' ? 'payouts' : 'orders'}/${target.id}/messages`,
      base: ADMIN_BASE,
    };
  }
  if (target.kind === 'payout') return null;
  const plural = target.kind === 'order' ? 'orders' : 'deliveries';
  return { path: `${audience === 'customer' ? 'customer/' : ''}${plural}/${target.id}/messages` };
}

/** Whether a live `message` event (or an unread row) is about this thread. */
export function isThreadOf(
  target: TThreadTarget,
  ids: { order_id: number | null; delivery_id: number | null },
): boolean {
  if (target.kind === 'order') return ids.order_id === target.id;
  if (target.kind === 'delivery') return ids.delivery_id === target.id;
  return false;
}
