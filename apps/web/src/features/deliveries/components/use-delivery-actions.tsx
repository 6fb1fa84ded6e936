import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import {
  ReviewFormModal,
  reviewSubmitFailure,
  type TReviewFieldErrors,
} from '../../../components/reviews/review-form-modal.tsx';
import { SeeReviewsModal } from '../../../components/reviews/see-reviews-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeliveryAction } from '../api/delivery-action.ts';
import { useDeliveryCustomerReviews, useReviewDelivery } from '../api/delivery-reviews.ts';
import type { TDeliveryCardAction, THelperViewer } from './delivery-card.tsx';
import { DeliveryDetailsModal } from './delivery-details-modal.tsx';
import { PayoutModal } from './payout-modal.tsx';

type TOptions = {
  viewer: THelperViewer;
  allBranches: boolean;
  branchView: boolean;
};

function confirm(opts: {
  title: string;
  text: string;
  confirm: string;
  color: string;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title: (
      <Text fw={700} fz="lg">
        {opts.title}
      </Text>
    ),
    children: <Text size="sm">{opts.text}</Text>,
    labels: { confirm: opts.confirm, cancel: 'Back' },
    confirmProps: { color: opts.color },
    onConfirm: opts.onConfirm,
  });
}

/**
 * Runs the helper dashboard's delivery actions: accept (a company's from All branches assigns the
 * nearest branch), reject and remove after a confirmation, cancel with a reason, Get Paid in its
 * modal, and the details modal (also from ?delivery_id=). Returns the card handler, the busy delivery and the modals.
 */
export function useDeliveryActions({ viewer, allBranches, branchView }: TOptions) {
  const mutation = useDeliveryAction();
  const [detail, setDetail] = useState<{ id: number; held: boolean } | null>(null);
  const [cancelling, setCancelling] = useState<TDeliveryView | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [paying, setPaying] = useState<TDeliveryView | null>(null);
  const [reviewing, setReviewing] = useState<TDeliveryView | null>(null);
  const [reviewErrors, setReviewErrors] = useState<TReviewFieldErrors>({});
  const [seeing, setSeeing] = useState<TDeliveryView | null>(null);
  const review = useReviewDelivery();
  const seen = useDeliveryCustomerReviews(seeing?.id ?? null);
  const [params, setParams] = useSearchParams();
  const linked = params.get('delivery_id') ?? '';

  // A link to one delivery (a notice, the Today list: ?delivery_id=) opens its details.
  useEffect(() => {
    if (/^[1-9]\d{0,9}$/.test(linked)) setDetail({ id: Number(linked), held: true });
  }, [linked]);

  function closeDetail() {
    setDetail(null);
    if (linked)
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('delivery_id');
          return next;
        },
        { replace: true },
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

  function onAction(action: TDeliveryCardAction, d: TDeliveryView, held = false) {
    switch (action) {
      case 'details':
        setDetail({ id: d.id, held });
        return;
      case 'accept':
        mutation.mutate({ kind: 'accept', id: d.id });
        return;
      case 'reject':
        confirm({
          title: 'Reject this delivery?',
          text: 'It leaves your New biddings for good; other helpers can still take it.',
          confirm: 'Reject',
          color: 'red',
          onConfirm: () => mutation.mutate({ kind: 'reject', id: d.id }),
        });
        return;
      case 'archive':
        confirm({
          title: 'Remove this delivery?',
          text: 'It leaves your Accepted list. Payouts and earnings are not affected.',
          confirm: 'Remove',
          color: 'gray',
          onConfirm: () => mutation.mutate({ kind: 'archive', id: d.id }),
        });
        return;
      case 'cancel':
        setReasonError(undefined);
        setCancelling(d);
        return;
      case 'complete':
        setPaying(d);
        return;
      case 'review':
        setReviewErrors({});
        setReviewing(d);
        return;
      case 'reviews':
        setSeeing(d);
        return;
    }
  }

  function submitCancel(reason: string) {
    if (!cancelling) return;
    mutation.mutate(
      { kind: 'cancel', id: cancelling.id, reason },
      {
        onSuccess: () => setCancelling(null),
        onError: (err) => setReasonError(err instanceof ApiError ? err.field('reason') : undefined),
      },
    );
  }

  const busyId = mutation.isPending ? mutation.variables.id : null;

  const modals_ = (
    <>
      <DeliveryDetailsModal
        deliveryId={detail?.id ?? null}
        viewer={viewer}
        allBranches={allBranches}
        branchView={branchView}
        held={detail?.held ?? false}
        onClose={closeDetail}
        onAction={(action, d) => onAction(action, d, detail?.held)}
      />
      <ReasonModal
        opened={cancelling !== null}
        title="Cancel delivery"
        description="The delivery goes back to New biddings for other helpers, and the customer is told why. You will not see it again."
        confirmLabel="Cancel delivery"
        loading={mutation.isPending}
        onClose={() => setCancelling(null)}
        onSubmit={submitCancel}
        serverError={reasonError}
      />
      <PayoutModal delivery={paying} onClose={() => setPaying(null)} />
      <ReviewFormModal
        opened={reviewing !== null}
        subject={reviewing?.customer.name ?? 'the customer'}
        loading={review.isPending}
        serverErrors={reviewErrors}
        onClose={() => setReviewing(null)}
        onSubmit={submitReview}
      />
      <SeeReviewsModal
        opened={seeing !== null}
        title={`Reviews of ${seeing?.customer.name ?? 'the customer'}`}
        query={seen}
        emptyText="No helper has published a review of this customer yet."
        onClose={() => setSeeing(null)}
      />
    </>
  );

  return { onAction, busyId, modals: modals_ };
}
