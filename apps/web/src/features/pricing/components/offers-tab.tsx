import type { TDiscount } from '@haulpro/shared/pricing';
import { offerDescription, offerLabel } from '@haulpro/shared/pricing-labels';
import { Badge, Box, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CalendarTag } from '../../../components/calendar-tag.tsx';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MonthCalendar } from '../../../components/month-calendar.tsx';
import { CalendarLegend, UpcomingDates } from '../../../components/upcoming-dates.tsx';
import { dayjs, todayIn } from '../../../lib/dayjs.ts';
import { useDeleteDiscount } from '../api/delete-discount.ts';
import { useDiscounts } from '../api/list-discounts.ts';
import { OFFER_COLORS, OfferFormModal, offerColor } from './offer-form-modal.tsx';

type TOffersTabProps = { branchId: number; timeZone: string };

type TFormState = { opened: boolean; date: string | null; offer: TDiscount | null };

/**
 * Calendar: discounts (green, "-10%") and surcharges (orange, "+$40") by date. Clicking a
 * date adds or edits its offer; the upcoming offers are listed beside the month.
 */
export function OffersTab({ branchId, timeZone }: TOffersTabProps) {
  const today = todayIn(timeZone);
  const [month, setMonth] = useState(today);
  const from = dayjs(month).startOf('month').format('YYYY-MM-DD');
  const to = dayjs(month).endOf('month').format('YYYY-MM-DD');
  const shown = useDiscounts(branchId, from, to);
  const upcoming = useDiscounts(branchId, today, null);
  const remove = useDeleteDiscount();
  const [form, setForm] = useState<TFormState>({ opened: false, date: null, offer: null });

  const byDate = useMemo(() => new Map((shown.data ?? []).map((o) => [o.date, o])), [shown.data]);

  function open(date: string | null, offer: TDiscount | null) {
    setForm({ opened: true, date, offer });
  }

  function askDelete(offer: TDiscount) {
    confirmDelete({
      title: 'Delete offer',
      question: 'Do you want to really delete this offer?',
      onConfirm: () => remove.mutate({ branchId, id: offer.id }),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={2} fz="lg">
            Calendar offers
          </Title>
          <Text size="sm" c="dimmed">
            A discount or surcharge on a date changes the price of every move that day. Click a date to add or
            edit its offer.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => open(null, null)}>
          Add offer
        </Button>
      </Group>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {shown.isError ? (
            <LoadError
              what="the offers"
              error={shown.error}
              onRetry={() => void shown.refetch()}
              retrying={shown.isFetching}
            />
          ) : (
            <Box pos="relative" aria-busy={shown.isPending || undefined}>
              <MonthCalendar
                month={month}
                onMonthChange={setMonth}
                data-testid="offer-calendar"
                isDisabled={(date) => date < today && !byDate.has(date)}
                onDayClick={(date) => open(date, byDate.get(date) ?? null)}
                describe={(date) => {
                  const offer = byDate.get(date);
                  return offer ? offerDescription(offer) : null;
                }}
                renderContent={(date) => {
                  const offer = byDate.get(date);
                  if (!offer) return null;
                  return (
                    <CalendarTag color={offerColor(offer)} data-testid="offer-tag">
                      {offerLabel(offer)}
                    </CalendarTag>
                  );
                }}
              />
              <Group gap="md" mt="sm">
                <CalendarLegend color={OFFER_COLORS.discount}>Discount</CalendarLegend>
                <CalendarLegend color={OFFER_COLORS.surcharge}>Surcharge</CalendarLegend>
                {shown.isFetching ? <Skeleton h={10} w={60} /> : null}
              </Group>
            </Box>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <UpcomingDates
            title="Upcoming offers"
            query={upcoming}
            what="upcoming offers"
            empty={{
              icon: <IconCalendarEvent size={22} color="var(--mantine-color-gray-6)" aria-hidden />,
              text: 'No upcoming offers. Click a date to add a discount or a surcharge.',
            }}
            testId="upcoming-offers"
            itemTestId="upcoming-offer"
            label={(offer) => `${dayjs(offer.date).format('MMM D, YYYY')}: ${offerDescription(offer)}`}
            subject={(offer) => `the offer on ${dayjs(offer.date).format('MMM D, YYYY')}`}
            onEdit={(offer) => open(offer.date, offer)}
            onDelete={askDelete}
          >
            {(offer) => (
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Badge color={offerColor(offer)} variant="light" miw={56}>
                  {offerLabel(offer)}
                </Badge>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {dayjs(offer.date).format('ddd, MMM D, YYYY')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {offerDescription(offer)}
                  </Text>
                </div>
              </Group>
            )}
          </UpcomingDates>
        </Grid.Col>
      </Grid>

      <OfferFormModal
        opened={form.opened}
        onClose={() => setForm((f) => ({ ...f, opened: false }))}
        branchId={branchId}
        date={form.date}
        offer={form.offer}
        today={today}
      />
    </Stack>
  );
}
