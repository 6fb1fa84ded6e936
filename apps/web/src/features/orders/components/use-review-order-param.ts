import type { TOrder, TOrderParty } from '@haulpro/shared/order-wire';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useOrder } from '../api/get-order.ts';
import { canReview } from './order-review-subject.ts';

export const REVIEW_ORDER_PARAM = 'review-order';

/**
 * ?review-order={id}: the order to open the review modal on. The order is fetched by id, because
 * a Completed order is not among the active orders the dashboard lists; when its card is on
 * the page it is scrolled into view. An order that cannot be reviewed (already reviewed, not
 * completed) says so and the parameter is dropped; so is one that fails to load (the client
 * has already toasted why).
 */
export function useReviewOrderParam(party: TOrderParty, enabled: boolean) {
  const [params, setParams] = useSearchParams();
  const raw = enabled ? Number(params.get(REVIEW_ORDER_PARAM)) : Number.NaN;
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = useOrder(party, id);
  const order = query.data && canReview(query.data, party) ? query.data : null;
  // The id whose answer was acted on: a refetch after the review is written (flag now off) must not warn.
  const handled = useRef<number | null>(null);

  function clear() {
    if (!params.has(REVIEW_ORDER_PARAM)) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(REVIEW_ORDER_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  const loaded = query.data;
  const failed = query.isError;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per loaded order or failure; clear only edits the URL.
  useEffect(() => {
    if (id === null) {
      handled.current = null;
      return;
    }
    if (handled.current === id) return;
    if (failed) {
      handled.current = id;
      clear();
      return;
    }
    if (!loaded) return;
    handled.current = id;
    if (canReview(loaded, party)) {
      document
        .querySelector(`[data-testid="order-card"][data-order-id="${loaded.id}"]`)
        ?.scrollIntoView({ block: 'center' });
      return;
    }
    notifications.show({
      color: 'yellow',
      message: `Order #${loaded.id} has no review to write: it is not completed yet, or you have already reviewed it.`,
    });
    clear();
  }, [id, loaded, failed, party]);

  return { order: order as TOrder | null, clear };
}
