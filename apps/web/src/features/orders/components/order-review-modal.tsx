import type { TOrder, TOrderParty } from '@haulpro/shared/order-wire';
import { useEffect, useState } from 'react';
import {
  ReviewFormModal,
  reviewSubmitFailure,
  type TReviewFieldErrors,
} from '../../../components/reviews/review-form-modal.tsx';
import { useCreateOrderReview } from '../api/create-order-review.ts';
import { reviewSubject } from './order-review-subject.ts';

type TOrderReviewModalProps = {
  party: TOrderParty;
  /** The order being reviewed; null keeps the modal closed. */
  order: TOrder | null;
  onClose: () => void;
};

/**
 * Writes the viewer's review of an order: staff rate the customer, customers rate the mover.
 * A failure is handled as everywhere a review is written (`reviewSubmitFailure`): a 422 puts the
 * server's messages under the fields; a 409 (no longer allowed) closes the modal.
 */
export function OrderReviewModal({ party, order, onClose }: TOrderReviewModalProps) {
  const mutation = useCreateOrderReview(party);
  const [serverErrors, setServerErrors] = useState<TReviewFieldErrors>({});

  useEffect(() => {
    if (order) setServerErrors({});
  }, [order]);

  function submit(input: { star: number; comment: string }) {
    if (!order) return;
    setServerErrors({});
    mutation.mutate(
      { id: order.id, input },
      {
        onSuccess: onClose,
        onError: (err) => {
          const failure = reviewSubmitFailure(err);
          if (failure.close) onClose();
          else setServerErrors(failure.errors);
        },
      },
    );
  }

  return (
    <ReviewFormModal
      opened={order !== null}
      subject={order ? reviewSubject(order, party) : ''}
      loading={mutation.isPending}
      serverErrors={serverErrors}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}
