import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { CancelPreviewNote } from '../../../components/cancel-preview-note.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import {
  ReviewFormModal,
  reviewSubmitFailure,
  type TReviewFieldErrors,
} from '../../../components/reviews/review-form-modal.tsx';
import { SeeReviewsModal } from '../../../components/reviews/see-reviews-modal.tsx';
import { TipConfirmModal } from '../../../components/tip-confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStableHandler } from '../../../lib/use-stable-handler.ts';
import { useCustomerDeliveryAction } from '../api/customer-delivery-action.ts';
import { useDeliveryHelperReviews, useReviewHelper } from '../api/customer-delivery-reviews.ts';
import { refundNote } from '../lib/refund-note.ts';
import { CustomerDeliveryDetailsModal } from './customer-delivery-details-modal.tsx';
import type { TCustomerDeliveryAction } from './delivery-actions.tsx';

/** ?delivery_id= opens that delivery's details (a link from a notification or after booking). */
export const DELIVERY_PARAM = 'delivery_id';

/**
 * Runs the customer's delivery steps for a list: the details modal (also from ?delivery_id=),
 * cancel through the reason modal, confirm and archive. After a cancel one toast says what
 * happened to the money (the card keeps saying it too).
 */
export function useCustomerDeliveryActions() {
  const mutation = useCustomerDeliveryAction();
  const [params, setParams] = useSearchParams();
  const [cancelling, setCancelling] = useState<TDeliveryView | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [reviewing, setReviewing] = useState<TDeliveryView | null>(null);
  const [reviewErrors, setReviewErrors] = useState<TReviewFieldErrors>({});
  const [seeing, setSeeing] = useState<TDeliveryView | null>(null);
  const [tipping, setTipping] = useState<TDeliveryView | null>(null);
  const [tipError, setTipError] = useState<string | undefined>(undefined);
  const review = useReviewHelper();
  const seen = useDeliveryHelperReviews(seeing?.id ?? null);
  const raw = params.get(DELIVERY_PARAM) ?? '';
  const detailId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;

  function setDetail(id: number | null) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete(DELIVERY_PARAM);
        else next.set(DELIVERY_PARAM, String(id));
        return next;
      },
      { replace: id === null },
    );
  }

  const onAction = useStableHandler((action: TCustomerDeliveryAction, delivery: TDeliveryView) => {
    switch (action) {
      case 'details':
        setDetail(delivery.id);
        return;
      case 'cancel':
        // One dialog at a time: the reason replaces the details.
        if (detailId !== null) setDetail(null);
        setReasonError(undefined);
        setCancelling(delivery);
        return;
      case 'complete':
        // Confirming goes through the tip step; one dialog at a time.
        if (detailId !== null) setDetail(null);
        setTipError(undefined);
        setTipping(delivery);
        return;
      case 'archive':
        mutation.mutate({ kind: action, id: delivery.id });
        return;
      case 'review':
        if (detailId !== null) setDetail(null);
        setReviewErrors({});
        setReviewing(delivery);
        return;
      case 'reviews':
        setSeeing(delivery);
        return;
    }
  });

  function submitCancel(reason: string) {
    if (!cancelling) return;
    mutation.mutate(
      { kind: 'cancel', id: cancelling.id, reason },
      {
        onSuccess: (delivery) => {
          setCancelling(null);
          notifications.show({
            color: 'teal',
            title: 'Delivery cancelled',
            message: refundNote(delivery.refund)?.text ?? `Delivery #${delivery.id} is cancelled.`,
          });
        },
        onError: (err) => setReasonError(err instanceof ApiError ? err.field('reason') : undefined),
      },
    );
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

  function submitReview(input: { star: number; comment: string }) {
    if (!reviewing) return;
    review.mutate(
      { id: reviewing.id, input },
      {
        onSuccess: () => setReviewing(null),
        onError: (err) => {
          const failure = reviewSubmitFailure(err);
          if (failure.close) setReviewing(null);
          else setReviewErrors(failure.errors);
        },
      },
    );
  }

  const busyId = mutation.isPending ? mutation.variables.id : null;

  // Mounted once the list is on screen (or at once when one is open).
  const modals = (
    <AfterFirstPaint
      now={
        detailId !== null || cancelling !== null || tipping !== null || reviewing !== null || seeing !== null
      }
    >
      <CustomerDeliveryDetailsModal
        deliveryId={detailId}
        onClose={() => setDetail(null)}
        onAction={onAction}
        busy={busyId !== null && busyId === detailId}
      />
      <ReasonModal
        opened={cancelling !== null}
        title="Cancel delivery"
        description={
          cancelling?.is_expired
            ? 'No helper accepted this delivery in time. Cancel it and a card payment is refunded in full automatically.'
            : 'Your delivery is called off for everyone. This cannot be undone.'
        }
        confirmLabel="Cancel delivery"
        loading={mutation.isPending}
        onClose={() => setCancelling(null)}
        onSubmit={submitCancel}
        serverError={reasonError}
      >
        <CancelPreviewNote kind="deliveries" id={cancelling?.id ?? null} />
      </ReasonModal>
      <TipConfirmModal
        opened={tipping !== null}
        title={`Confirm delivery #${tipping?.id ?? ''} is done`}
        price={tipping?.invoice.total_price ?? 0}
        cash={tipping?.payment_method === 'cash'}
        loading={mutation.isPending}
        serverError={tipError}
        onClose={() => setTipping(null)}
        onConfirm={submitTip}
      />
      <ReviewFormModal
        opened={reviewing !== null}
        subject={reviewing?.acceptor?.name ?? 'your helper'}
        loading={review.isPending}
        serverErrors={reviewErrors}
        onClose={() => setReviewing(null)}
        onSubmit={submitReview}
      />
      <SeeReviewsModal
        opened={seeing !== null}
        title={`Reviews of ${seeing?.acceptor?.name ?? 'your helper'}`}
        query={seen}
        emptyText="Nobody has published a review of this helper yet."
        onClose={() => setSeeing(null)}
      />
    </AfterFirstPaint>
  );

  return { onAction, busyId, modals };
}
