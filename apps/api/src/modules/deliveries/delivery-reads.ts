import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDeliveryViewer } from '../../domain/delivery-machine.ts';
import { forbidden, notFound } from '../../domain/errors.ts';
import {
  findDelivery,
  type TBidderRow,
  type TDeliveryActor,
  type TDeliveryContext,
  type TDeliveryRow,
} from './deliveries.repository.ts';
import { wholeCompany } from './delivery-act.ts';
import type { TDeliveryCaller } from './delivery-actions.ts';
import { findListedDelivery, type TListedDelivery } from './delivery-context.repository.ts';
import { deliveryView } from './delivery-view.ts';

export const DELIVERY_TEXT = {
  accepted: 'Delivery accepted',
  rejected: 'Delivery rejected',
  cancelled: 'Delivery cancelled',
  submitted: 'Submitted for payout: Payment Review in Progress',
  completed: 'Delivery completed',
  archived: 'Delivery removed',
  created: 'Your delivery is open for bidding',
  createdAwaitingPayment: 'Complete the payment to open your delivery for bidding',
  approved: 'Payout approved',
  payoutRejected: 'Payout rejected',
  noCard: 'Card payments are not available: choose cash.',
  tooSoon: 'A delivery can be booked from tomorrow on.',
} as const;

/** A labor user, or a company (optionally one branch of it); anyone else is refused. */
export function helperActor(auth: TAuth, branchId?: number): TDeliveryActor {
  if (auth.user.role === 'labor') return { kind: 'labor', userId: auth.user.id };
  if (auth.user.role === 'staff' && auth.user.companyId)
    return { kind: 'company', companyId: auth.user.companyId, branchId };
  throw forbidden();
}

export const helperCaller = (auth: TAuth): Extract<TDeliveryCaller, { kind: 'helper' }> => ({
  kind: 'helper',
  userId: auth.user.id,
  actor: helperActor(auth),
});

/** The views of deliveries, shared by the use cases of every audience. */
export function createDeliveryReads(deps: TDeps) {
  const { db, clock } = deps;

  /** Views of deliveries with their contexts and the viewer's bidder rows (a list's one statement). */
  function render(
    listed: (TDeliveryContext & { bidders: TBidderRow[] })[],
    viewerOf: (d: TDeliveryRow) => TDeliveryViewer,
    actor: TDeliveryActor | null,
    now: Date,
  ): TDeliveryView[] {
    return listed.map((ctx) => {
      const viewer = viewerOf(ctx.row);
      // Only a bidder of an open delivery sees their bidder rows (rejected, nearest branch).
      const mine = actor && viewer === 'bidder' && ctx.row.status === S.new ? ctx.bidders : [];
      // A company's All branches view: its nearest covering branch takes it.
      const first = mine.find((b) => !b.rejected && b.branchId);
      return deliveryView(ctx, {
        viewer,
        now,
        rejectedByViewer: mine.length > 0 && mine.every((b) => b.rejected),
        branchView: actor?.kind === 'company' && !!actor.branchId,
        nearestBranch: first?.branchId
          ? { id: first.branchId, name: first.branchName ?? '', distanceKm: first.distanceKm }
          : null,
      });
    });
  }

  /**
   * One delivery's view, read fresh with its whole context in one statement, unless the caller
   * has that context already (`known`: a step's read, with the row it wrote).
   */
  async function oneView(
    d: TDeliveryRow,
    viewer: TDeliveryViewer,
    actor: TDeliveryActor | null,
    known?: TListedDelivery,
  ) {
    const bidder = actor && viewer === 'bidder' && d.status === S.new ? wholeCompany(actor) : null;
    const listed = known ?? (await findListedDelivery(db, d.id, bidder));
    if (!listed) throw notFound();
    return render([listed], () => viewer, actor, clock.now())[0]!;
  }

  /** The customer's own delivery, or a 404. */
  async function customerDelivery(auth: TAuth, id: number): Promise<TDeliveryRow> {
    const d = await findDelivery(db, id);
    if (!d || d.customerId !== auth.user.id) throw notFound();
    return d;
  }

  return { render, oneView, customerDelivery };
}

export type TDeliveryReads = ReturnType<typeof createDeliveryReads>;
