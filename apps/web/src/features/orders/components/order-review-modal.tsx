import type { TOrder, TOrderParty } from '@haulpro/shared/order-wire';
import { useEffect, useState } from 'react';
import { ReviewFormModal, type TReviewFieldErrors } from '../../../components/reviews/review-form-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { REVIEW_FIELDS, useCreateOrderReview } from '../api/create-order-review.ts';
import { reviewSubject } from './order-review-subject.ts';

type TOrderReviewModalProps = {
  party: TOrderParty;
  /** The order being reviewed; null keeps the modal closed. */
  order: TOrder | null;
  onClose: () => void;
};

/**
 * Writes the viewer's review of an order: staff rate the customer, customers rate the mover.
 * A 422 puts the server's messages under the fields; a 409 (no longer allowed) is toasted by
 * the client and closes the modal, since the refreshed order no longer offers a review.
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
          if (!(err instanceof ApiError)) return;
          if (err.status === 409) {
            onClose();
            return;
          }
          const next: TReviewFieldErrors = {};
          for (const field of REVIEW_FIELDS) {
            const message = err.field(field);
            if (message) next[field] = message;
          }
          setServerErrors(next);
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
