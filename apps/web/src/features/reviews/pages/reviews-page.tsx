import { REVIEW_TABS, REVIEW_TYPES, type TReviewTab, type TReviewType } from '@haulpro/shared/review-page';
import { Box, Button, Center, Group, Modal, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconInbox, IconMailForward, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardTabs } from '../../../components/card-tabs.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import {
  ReviewFormModal,
  reviewSubmitFailure,
  type TReviewFieldErrors,
} from '../../../components/reviews/review-form-modal.tsx';
import { ReviewSummary } from '../../../components/reviews/review-summary.tsx';
import { useActiveBranch } from '../../../lib/active-branch.ts';
import { useRole } from '../../../lib/auth-store.ts';
import { useReviews } from '../api/list-reviews.ts';
import { useReviewAction } from '../api/review-actions.ts';
import { InviteReviewerModal } from '../components/invite-reviewer-modal.tsx';
import { ReviewList, ReviewListSkeleton } from '../components/review-list.tsx';

/** The page shows the newest few; All reviews opens the whole list. */
const PAGE_PREVIEW = 5;
const ALL_PER_PAGE = 15;

const TAB_LABEL: Record<TReviewTab, string> = { sent: 'Reviewed', received: 'Received' };

function emptyText(tab: TReviewTab, type: TReviewType) {
  const what = type === 'moving' ? 'moving orders' : 'deliveries';
  return tab === 'sent'
    ? {
        title: 'No reviews written yet',
        description: `Reviews you write on completed ${what} show up here. You can edit them for 10 days and publish them when you are ready.`,
      }
    : {
        title: 'No reviews received yet',
        description: `Published reviews of your completed ${what} show up here, and you can reply to each one once.`,
      };
}

function pick<T extends string>(values: readonly T[], v: string | null, fallback: T): T {
  return (values as readonly string[]).includes(v ?? '') ? (v as T) : fallback;
}

function readId(v: string | null): number | null {
  return v && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : null;
}

/**
 * /reviews (spec: Reviews page): Moving or Delivery reviews, the Reviewed (sent) and Received
 * tabs with the star average and '{n} active review(s)', cards with Publish, Edit and Reply, the
 * all-reviews modal, and Invite a Reviewer for company staff. `?review-order={id}` opens the
 * review modal for that order.
 */
export function ReviewsPage() {
  const role = useRole();
  const isStaff = role === 'staff';
  const [params, setParams] = useSearchParams();
  const type = pick(REVIEW_TYPES, params.get('type'), 'moving');
  const tab = pick(REVIEW_TABS, params.get('tab'), 'sent');
  // Staff see the active location's reviews (or all of them); others their own.
  const active = useActiveBranch();
  const branchId = isStaff ? active.branchId : null;
  const [allOpen, setAllOpen] = useState(false);
  const [allPage, setAllPage] = useState(1);
  const [inviteOpen, setInviteOpen] = useState(false);
  const base = { type, tab, branchId };
  const preview = useReviews(role, { ...base, page: 1, perPage: PAGE_PREVIEW });
  const all = useReviews(role, { ...base, page: allPage, perPage: ALL_PER_PAGE }, allOpen);

  // ?review-order={id}: the review modal of that order.
  const reviewOrder = readId(params.get('review-order'));
  const create = useReviewAction(role);
  const [createErrors, setCreateErrors] = useState<TReviewFieldErrors>({});
  useEffect(() => {
    if (reviewOrder) setCreateErrors({});
  }, [reviewOrder]);

  function go(next: { type?: TReviewType; tab?: TReviewTab }) {
    const search = new URLSearchParams();
    const nt = next.type ?? type;
    const nb = next.tab ?? tab;
    if (nt !== 'moving') search.set('type', nt);
    if (nb !== 'sent') search.set('tab', nb);
    setParams(search);
    setAllPage(1);
  }

  function closeReviewOrder() {
    const search = new URLSearchParams(params);
    search.delete('review-order');
    setParams(search, { replace: true });
  }

  function submitReviewOrder(input: { star: number; comment: string }) {
    if (!reviewOrder) return;
    setCreateErrors({});
    create.mutate(
      { kind: 'create', orderId: reviewOrder, input },
      {
        onSuccess: () => {
          closeReviewOrder();
          go({ tab: 'sent', type: 'moving' });
        },
        onError: (err) => {
          const failure = reviewSubmitFailure(err);
          if (failure.close) closeReviewOrder();
          else setCreateErrors(failure.errors);
        },
      },
    );
  }

  const summary = preview.data?.summary[tab];
  const items = preview.data?.data;
  const total = preview.data?.meta.total ?? 0;
  const sent = tab === 'sent';
  return (
    <>
      <PageHeader
        title="Reviews"
        description={
          sent
            ? 'Reviews you wrote after completed jobs. Each stays private for 10 days while you can edit it, then it is published.'
            : 'What others said about you after completed jobs. You can reply once to each review; replies are public.'
        }
        actions={
          isStaff ? (
            <Button leftSection={<IconMailForward size={18} />} onClick={() => setInviteOpen(true)}>
              Invite a Reviewer
            </Button>
          ) : null
        }
      />
      <SegmentedControl
        fullWidth
        mb="md"
        value={type}
        onChange={(v) => go({ type: pick(REVIEW_TYPES, v, 'moving') })}
        data={[
          { value: 'moving', label: 'Moving Reviews' },
          { value: 'delivery', label: 'Delivery Reviews' },
        ]}
        aria-label="Review type"
        maw={480}
      />
      <CardTabs
        tabs={REVIEW_TABS.map((t) => ({
          value: t,
          label: TAB_LABEL[t],
          icon: (
            <Box component="span" visibleFrom="sm" style={{ display: 'flex' }}>
              {t === 'sent' ? (
                <IconSend size={18} aria-hidden="true" />
              ) : (
                <IconInbox size={18} aria-hidden="true" />
              )}
            </Box>
          ),
        }))}
        value={tab}
        onChange={(v) => go({ tab: pick(REVIEW_TABS, v, 'sent') })}
      >
        <Group justify="space-between" p="md" gap="md" wrap="wrap">
          {summary ? (
            <ReviewSummary average={summary.avg_star} count={summary.count_star} />
          ) : (
            <Text c="dimmed" size="sm">
              {preview.isPending ? 'Loading the rating…' : ' '}
            </Text>
          )}
          {total > PAGE_PREVIEW ? (
            <Button variant="light" onClick={() => setAllOpen(true)}>
              All reviews ({total})
            </Button>
          ) : null}
        </Group>
      </CardTabs>
      {preview.isPending ? (
        <ReviewListSkeleton />
      ) : preview.error && !items ? (
        <LoadError
          what="the reviews"
          error={preview.error}
          onRetry={() => preview.refetch()}
          retrying={preview.isFetching}
        />
      ) : (
        // Staff see which location each review is about.
        <ReviewList role={role} items={items ?? []} sent={sent || isStaff} empty={emptyText(tab, type)} />
      )}

      <Modal
        opened={allOpen}
        onClose={() => setAllOpen(false)}
        title={`All reviews: ${TAB_LABEL[tab]}`}
        size="xl"
      >
        {all.isPending ? (
          <ReviewListSkeleton />
        ) : all.error && !all.data ? (
          <LoadError
            what="the reviews"
            error={all.error}
            onRetry={() => all.refetch()}
            retrying={all.isFetching}
          />
        ) : (
          <Stack gap="md">
            <ReviewList
              role={role}
              items={all.data?.data ?? []}
              sent={sent || isStaff}
              empty={emptyText(tab, type)}
            />
            {(all.data?.meta.last_page ?? 1) > 1 ? (
              <Center>
                <Pagination value={allPage} total={all.data?.meta.last_page ?? 1} onChange={setAllPage} />
              </Center>
            ) : null}
          </Stack>
        )}
      </Modal>

      <ReviewFormModal
        opened={reviewOrder !== null}
        subject={`order #${reviewOrder ?? ''}`}
        loading={create.isPending}
        serverErrors={createErrors}
        onClose={closeReviewOrder}
        onSubmit={submitReviewOrder}
      />
      {isStaff ? <InviteReviewerModal opened={inviteOpen} onClose={() => setInviteOpen(false)} /> : null}
    </>
  );
}
