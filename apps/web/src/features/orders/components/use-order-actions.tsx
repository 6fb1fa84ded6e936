import type { TOrder, TOrderParty } from '@haulpro/shared/order-wire';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { CancelPreviewNote } from '../../../components/cancel-preview-note.tsx';
import type { TOrderCardAction } from '../../../components/order-card.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { TipConfirmModal } from '../../../components/tip-confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStableHandler } from '../../../lib/use-stable-handler.ts';
import { useOrderAction } from '../api/order-action.ts';
import { AssignCrewModal } from './assign-crew-modal.tsx';
import { OrderDetailModal } from './order-detail-modal.tsx';
import { OrderReviewModal } from './order-review-modal.tsx';
import { OrderReviewsModal } from './order-reviews-modal.tsx';
import { RescheduleModal, type TRescheduleValues } from './reschedule-modal.tsx';
import { useReviewOrderParam } from './use-review-order-param.ts';

type TReasonKind = 'cancel' | 'reject_reschedule';

const REASON_TEXT: Record<TReasonKind, { title: string; description: string; confirm: string }> = {
  cancel: {
    title: 'Cancel order',
    description: 'The other side is told why. This cannot be undone.',
    confirm: 'Cancel order',
  },
  reject_reschedule: {
    title: 'Reject reschedule',
    description: 'The order keeps its date; tell them why the new one does not work.',
    confirm: 'Reject reschedule',
  },
};

type TOrderActionsOptions = {
  /** ?review-order={id} opens the review modal of that order (spec: the helper dashboard). */
  reviewOrderParam?: boolean;
};

/**
 * Runs the card actions of a list for one side: direct calls (accept, reject, complete,
 * archive, approve), the reason modal, the reschedule modal, the review and reviews-list
 * modals and the detail modal, which also opens from ?order_id=. Returns the card handler,
 * the id of the busy order and the modals.
 */
export function useOrderActions(party: TOrderParty, options: TOrderActionsOptions = {}) {
  const mutation = useOrderAction(party);
  const [params, setParams] = useSearchParams();
  const [reason, setReason] = useState<{ kind: TReasonKind; order: TOrder } | null>(null);
  const [reschedule, setReschedule] = useState<TOrder | null>(null);
  const [reviewing, setReviewing] = useState<TOrder | null>(null);
  const [reviewsOf, setReviewsOf] = useState<TOrder | null>(null);
  const [crewOf, setCrewOf] = useState<TOrder | null>(null);
  const [tipping, setTipping] = useState<TOrder | null>(null);
  const [tipError, setTipError] = useState<string | undefined>(undefined);
  const linked = useReviewOrderParam(party, options.reviewOrderParam ?? false);
  const reviewOrder = reviewing ?? linked.order;
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const detailId = Number(params.get('order_id'));
  const openId = Number.isInteger(detailId) && detailId > 0 ? detailId : null;

  function setDetail(id: number | null) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete('order_id');
        else next.set('order_id', String(id));
        return next;
      },
      { replace: id === null },
    );
  }

  const onAction = useStableHandler((action: TOrderCardAction, order: TOrder) => {
    const requestId = order.reschedule_request?.id;
    switch (action) {
      case 'details':
        setDetail(order.id);
        return;
      case 'accept':
        mutation.mutate({ kind: 'accept', id: order.id });
        return;
      case 'accept_nearest':
        mutation.mutate({ kind: 'accept', id: order.id, body: { nearest: true } });
        return;
      case 'reject':
        mutation.mutate({ kind: 'reject', id: order.id });
        return;
      case 'complete':
        // The customer confirms through the tip step; the company's crew completes directly.
        if (party === 'customer') {
          setTipError(undefined);
          setTipping(order);
        } else mutation.mutate({ kind: 'complete', id: order.id });
        return;
      case 'archive':
        mutation.mutate({ kind: 'archive', id: order.id });
        return;
      case 'approve_reschedule':
        if (requestId !== undefined) mutation.mutate({ kind: 'approve_reschedule', id: order.id, requestId });
        return;
      case 'cancel':
      case 'reject_reschedule':
        setReasonError(undefined);
        setReason({ kind: action, order });
        return;
      case 'reschedule':
        setReschedule(order);
        return;
      case 'review':
        setReviewing(order);
        return;
      case 'reviews':
        setReviewsOf(order);
        return;
      case 'assign_crew':
        setCrewOf(order);
        return;
    }
  });

  function closeReview() {
    setReviewing(null);
    linked.clear();
  }

  function submitReason(text: string) {
    if (!reason) return;
    const { kind, order } = reason;
    const requestId = order.reschedule_request?.id;
    const call =
      kind === 'cancel'
        ? ({ kind: 'cancel', id: order.id, reason: text } as const)
        : requestId !== undefined
          ? ({ kind: 'reject_reschedule', id: order.id, requestId, reason: text } as const)
          : null;
    if (!call) return;
    mutation.mutate(call, {
      onSuccess: () => setReason(null),
      onError: (err) => setReasonError(err instanceof ApiError ? err.field('reason') : undefined),
    });
  }

  function submitTip(tip: number) {
    if (!tipping) return;
    mutation.mutate(
      { kind: 'complete', id: tipping.id, ...(tip > 0 ? { tip } : {}) },
      {
        onSuccess: () => setTipping(null),
        onError: (err) => setTipError(err instanceof ApiError ? err.field('tip') : undefined),
      },
    );
  }

  function submitReschedule(values: TRescheduleValues) {
    if (!reschedule) return;
    mutation.mutate(
      { kind: 'reschedule', id: reschedule.id, body: values },
      { onSuccess: () => setReschedule(null) },
    );
  }

  const busyId = mutation.isPending ? mutation.variables.id : null;
  const text = reason ? REASON_TEXT[reason.kind] : REASON_TEXT.cancel;

  const anyOpen =
    reason !== null ||
    reschedule !== null ||
    openId !== null ||
    reviewsOf !== null ||
    tipping !== null ||
    crewOf !== null ||
    reviewOrder !== null;

  // Mounted once the list is on screen (or at once when one is open).
  const modals = (
    <AfterFirstPaint now={anyOpen}>
      <ReasonModal
        opened={reason !== null}
        title={text.title}
        description={text.description}
        confirmLabel={text.confirm}
        loading={mutation.isPending}
        onClose={() => setReason(null)}
        onSubmit={submitReason}
        serverError={reasonError}
      >
        {party === 'customer' && reason?.kind === 'cancel' ? (
          <CancelPreviewNote kind="orders" id={reason.order.id} />
        ) : null}
      </ReasonModal>
      <RescheduleModal
        order={reschedule}
        party={party}
        loading={mutation.isPending}
        onClose={() => setReschedule(null)}
        onSubmit={submitReschedule}
      />
      <OrderDetailModal
        party={party}
        orderId={openId}
        onClose={() => setDetail(null)}
        onReview={setReviewing}
        onSeeReviews={setReviewsOf}
      />
      <OrderReviewsModal party={party} order={reviewsOf} onClose={() => setReviewsOf(null)} />
      <TipConfirmModal
        opened={tipping !== null}
        title={`Confirm order #${tipping?.id ?? ''} is done`}
        price={tipping?.order_price ?? 0}
        cash={tipping?.payment_method === 'cash'}
        loading={mutation.isPending}
        serverError={tipError}
        onClose={() => setTipping(null)}
        onConfirm={submitTip}
      />
      <AssignCrewModal order={crewOf} onClose={() => setCrewOf(null)} />
      <OrderReviewModal party={party} order={reviewOrder} onClose={closeReview} />
    </AfterFirstPaint>
  );

  return { onAction, openDetail: setDetail, busyId, modals };
}
