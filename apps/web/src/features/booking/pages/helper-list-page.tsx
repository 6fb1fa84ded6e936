import type { THelperListItem } from '@haulpro/shared/booking';
import {
  BEDROOM_OPTIONS,
  helperListPage,
  helperSearchQuery,
  helpersForBedrooms,
  normalizeUnloadingDate,
} from '@haulpro/shared/booking-options';
import {
  Card,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash, IconCreditCard, IconRoute } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { type THelperSort, useHelperSearch } from '../api/search-helpers.ts';
import { HelperCard } from '../components/helper-card.tsx';
import { HelperListSkeleton } from '../components/helper-list-skeleton.tsx';
import { NoHelpersFound } from '../components/no-helpers-found.tsx';
import { OrderSearchForm } from '../components/order-search-form.tsx';
import { SearchSummary } from '../components/search-summary.tsx';
import {
  hasSearch,
  readListQuery,
  readSearch,
  SEARCH_FIELDS,
  type TListQuery,
  type TSearchField,
  type TSearchValues,
  toQueryString,
} from '../lib/search-query.ts';
import { DEFAULT_WINDOW, WINDOW_OPTIONS, windowLabel } from '../lib/show-up-window.ts';

const BEDROOM_DATA = BEDROOM_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));

function focusSearch() {
  // After the form has rendered (it may just have been opened).
  window.setTimeout(() => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="search-from-zip"]');
    input?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    input?.focus({ preventScroll: true });
  }, 0);
}

function countTitle(count: number): string {
  if (count === 0) return 'No companies available';
  return `${count} ${count === 1 ? 'company' : 'companies'} available`;
}

/** "Showing 21–35 of 35": which of the helpers found this page holds. */
function shownRange(page: number, perPage: number, onPage: number, total: number): string {
  const first = (page - 1) * perPage + 1;
  return `Showing ${first}–${first + onPage - 1} of ${total}`;
}

function quotedFor(helpers: number | null, hours: number | null): string {
  const crew = helpers ? `${helpers} helpers` : 'the suggested crew';
  const time = hours ? `${hours} hours` : "each company's minimum hours";
  return `Estimated totals for ${crew} and ${time}.`;
}

/** The 422 answer's messages that belong under the search fields, and the others. */
function splitSearchErrors(error: unknown): {
  fields: Partial<Record<TSearchField, string>>;
  other: string | null;
} {
  if (!(error instanceof ApiError) || error.status !== 422) return { fields: {}, other: null };
  const fields: Partial<Record<TSearchField, string>> = {};
  const others: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    if ((SEARCH_FIELDS as readonly string[]).includes(key)) fields[key as TSearchField] = message;
    else others.push(message);
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, other: others[0] ?? (placed ? null : error.message) };
}

/**
 * /helper-list: the companies that can take the job, each with its itemised price. Public;
 * the search lives in the address so it can be shared, reloaded and refined.
 */
export function HelperListPage() {
  usePageTitle('Find helpers');
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const sort: THelperSort = params.get('sort') === 'rating' ? 'rating' : 'price';
  const page = helperListPage(params);
  const resultsTop = useRef<HTMLHeadingElement>(null);
  const ready = hasSearch(query);
  // Exactly the query the server preloads for this address (helperSearchQuery, shared).
  const list = useHelperSearch(helperSearchQuery(params));
  const errors = splitSearchErrors(list.error);
  const failed = list.error && !(list.error instanceof ApiError && list.error.status === 422);
  const formKey = SEARCH_FIELDS.map((k) => query[k] ?? '').join('|');
  const helpersOnly = query.type_service === '1';
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [editing, setEditing] = useState(false);
  const showForm = !ready || !phone || editing || Object.keys(errors.fields).length > 0;

  function editSearch() {
    setEditing(true);
    focusSearch();
  }

  /** Changes the address's query; any change but the page itself starts again at page 1. */
  function update(
    changes: Partial<Record<keyof TListQuery | 'sort' | 'page', string | null>>,
    replace = false,
  ) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  }

  function goToPage(to: number) {
    update({ page: to > 1 ? String(to) : null });
    resultsTop.current?.scrollIntoView({ block: 'start' });
  }

  function search(values: TSearchValues) {
    setEditing(false);
    update({
      from_zip: values.from_zip,
      from_date: values.from_date,
      to_zip: values.to_zip,
      to_date: values.to_date,
      type_service: values.type_service,
      type_moving: values.type_moving,
    });
  }

  function nextDay() {
    if (!query.from_date) return focusSearch();
    const from = dayjs(query.from_date).add(1, 'day').format('YYYY-MM-DD');
    update({ from_date: from, to_date: normalizeUnloadingDate(from, query.to_date) });
  }

  // A company whose team is busy then is booked for the next window it offers (decision 019).
  const bookTo = (branchId: number, helpers: number, hours: number, full: THelperListItem['full']) =>
    `/book/${branchId}?${toQueryString({
      ...query,
      arrival_time: query.arrival_time ?? DEFAULT_WINDOW,
      ...(full?.next_date && full.next_arrival_time
        ? { from_date: full.next_date, to_date: full.next_date, arrival_time: full.next_arrival_time }
        : {}),
      helpers_count: String(helpers),
      hours_count: String(hours),
    })}`;

  const when = query.from_date
    ? `${dayjs(query.from_date).format('ddd, MMM D')}, ${windowLabel(query.arrival_time ?? DEFAULT_WINDOW)}`
    : '';
  // The cards render from a deferred copy of the answer: React draws them in slices between
  // other work instead of one long task that holds a slow phone's main thread.
  const shown = useDeferredValue(list.data);
  const rendering = list.data !== undefined && shown === undefined;
  const meta = shown?.meta;
  const items = shown?.data ?? [];
  // An address past the last page (fewer helpers than when it was shared): the last page instead.
  const pastEnd = meta !== undefined && items.length === 0 && meta.count > 0 && page > meta.lastPage;
  const lastPage = meta?.lastPage ?? 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: update only writes the address
  useEffect(() => {
    if (pastEnd) update({ page: lastPage > 1 ? String(lastPage) : null }, true);
  }, [pastEnd, lastPage]);

  return (
    <Stack gap="lg">
      <Card padding="lg" px={{ base: 'md', sm: 'lg' }}>
        <Title order={1} fz={{ base: 22, sm: 26 }} mb={4}>
          Find moving helpers
        </Title>
        <Text c="dimmed" size="sm" mb="md" visibleFrom={ready ? 'sm' : undefined}>
          Compare local crews with prices up front. You only sign in when you book.
        </Text>
        {showForm ? (
          <OrderSearchForm
            key={formKey}
            layout="bar"
            submitLabel="Search"
            initialValues={readSearch(params)}
            onSearch={search}
            serverErrors={errors.fields}
            searched={ready}
          />
        ) : (
          <SearchSummary values={readSearch(params)} onEdit={editSearch} />
        )}
      </Card>

      {!ready ? (
        <Card py={48}>
          <EmptyState
            variant="light"
            size="lg"
            icon={<IconRoute size={30} stroke={1.6} />}
            title="Where are you moving?"
            description="Enter the pickup and drop-off ZIP codes and a date to see the crews available and their prices."
          />
        </Card>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
            <div>
              <Title
                order={2}
                fz={{ base: 18, sm: 20 }}
                data-testid="helper-count"
                ref={resultsTop}
                style={{ scrollMarginTop: 16 }}
              >
                {list.isPending ? 'Looking for helpers…' : countTitle(meta?.count ?? items.length)}
              </Title>
              <Group gap={6} mt={4} wrap="wrap">
                <Text size="sm" c="dimmed">
                  {query.from_zip} → {query.to_zip} · {when}
                </Text>
                {meta ? (
                  <Text
                    size="sm"
                    c="dimmed"
                    span
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                  >
                    · {meta.electronic_payments ? <IconCreditCard size={14} /> : <IconCash size={14} />}
                    {meta.electronic_payments ? 'Pay by card or cash' : 'Pay the crew in cash'}
                  </Text>
                ) : null}
              </Group>
            </div>
            <Group gap="sm" wrap="wrap" align="flex-end">
              <NativeSelect
                label="Move size"
                size="sm"
                w={150}
                data={BEDROOM_DATA}
                value={String(Math.min(10, Math.max(1, Number(query.bedrooms_count ?? 1) || 1)))}
                onChange={({ currentTarget: { value } }) =>
                  update({
                    bedrooms_count: value,
                    helpers_count: String(helpersForBedrooms(Number(value))),
                    hours_count: null,
                  })
                }
                data-testid="list-bedrooms"
              />
              <NativeSelect
                label="Show-up time"
                size="sm"
                w={150}
                data={WINDOW_OPTIONS}
                value={query.arrival_time ?? DEFAULT_WINDOW}
                onChange={({ currentTarget: { value } }) => update({ arrival_time: value })}
                data-testid="list-window"
              />
              <Stack gap={2}>
                <Text size="sm" fw={500} id="sort-label">
                  Sort by
                </Text>
                <SegmentedControl
                  aria-labelledby="sort-label"
                  value={sort}
                  onChange={(value) => update({ sort: value === 'rating' ? 'rating' : null })}
                  data={[
                    { value: 'price', label: 'Price' },
                    { value: 'rating', label: 'Rating' },
                  ]}
                  data-testid="list-sort"
                />
              </Stack>
            </Group>
          </Group>

          <FormAlert message={errors.other} />

          {failed ? (
            <LoadError
              what="the helpers"
              error={list.error}
              onRetry={() => list.refetch()}
              retrying={list.isFetching}
            />
          ) : list.isPending || rendering || pastEnd ? (
            <HelperListSkeleton />
          ) : list.error ? null : items.length === 0 ? (
            <NoHelpersFound
              zip={query.from_zip ?? ''}
              when={when}
              helpersOnly={helpersOnly}
              onNextDay={nextDay}
              onSwitchService={() => update({ type_service: helpersOnly ? '2' : '1' })}
              covered={meta?.covering_count == null ? null : meta.covering_count > 0}
              onEditSearch={editSearch}
            />
          ) : (
            <Stack
              gap="md"
              data-testid="helper-list"
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
              aria-busy={list.isFetching}
            >
              {meta ? (
                <Text size="sm" c="dimmed">
                  {quotedFor(meta.helpers_count, meta.hours_count)} You can change the crew and hours when you
                  book.
                </Text>
              ) : null}
              {items.map((item) => (
                <HelperCard
                  key={item.branch_id}
                  item={item}
                  bookTo={bookTo(item.branch_id, item.helpers_count, item.hours_count, item.full)}
                />
              ))}
              {meta && meta.lastPage > 1 ? (
                <Group justify="space-between" gap="sm" wrap="wrap" data-testid="helper-pages">
                  <Text size="sm" c="dimmed">
                    {shownRange(meta.page, meta.perPage, items.length, meta.count)}
                  </Text>
                  <nav aria-label="Pages of helpers">
                    <Pagination value={meta.page} total={meta.lastPage} onChange={goToPage} size="sm" />
                  </nav>
                </Group>
              ) : null}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
