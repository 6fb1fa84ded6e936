import type { TBlockedDay } from '@haulpro/shared/pricing';
import { BLOCK_HOURS, BLOCK_LABELS, blockKindOf, type TBlockKind } from '@haulpro/shared/pricing-labels';
import { Box, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { BlockTimeModal } from '../../../components/block-time-modal.tsx';
import { CalendarTag } from '../../../components/calendar-tag.tsx';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MonthCalendar } from '../../../components/month-calendar.tsx';
import { CalendarLegend, UpcomingDates } from '../../../components/upcoming-dates.tsx';
import { useDeleteBlockedDay } from '../../../lib/api/blocked-days/delete-blocked-day.ts';
import { useBlockedDays } from '../../../lib/api/blocked-days/list-blocked-days.ts';
import { dayjs, todayIn } from '../../../lib/dayjs.ts';
import { usePhone } from '../../../lib/use-phone.ts';

type TOperatingCalendarTabProps = { branchId: number; timeZone: string };
type TModalState = { opened: boolean; date: string | null; block: TBlockedDay | null };

const SHORT: Record<TBlockKind, string> = { morning: 'AM', afternoon: 'PM', full: 'Day' };
const COLOR: Record<TBlockKind, string> = { morning: 'grape', afternoon: 'indigo', full: 'red' };

/**
 * Operating calendar: the branch's blocked time by month. Today and later dates can be
 * blocked (morning, afternoon or full day), changed or unblocked; past days are disabled.
 */
export function OperatingCalendarTab({ branchId, timeZone }: TOperatingCalendarTabProps) {
  const today = todayIn(timeZone);
  const phone = usePhone();
  const [month, setMonth] = useState(today);
  const from = dayjs(month).startOf('month').format('YYYY-MM-DD');
  const to = dayjs(month).endOf('month').format('YYYY-MM-DD');
  const shown = useBlockedDays(branchId, from, to);
  const upcoming = useBlockedDays(branchId, today, null);
  const remove = useDeleteBlockedDay();
  const [modal, setModal] = useState<TModalState>({ opened: false, date: null, block: null });

  const byDate = useMemo(() => new Map((shown.data ?? []).map((b) => [b.date, b])), [shown.data]);

  function askDelete(block: TBlockedDay) {
    confirmDelete({
      title: 'Delete blocked time',
      question: 'Do you want to delete this blocked time?',
      onConfirm: () => remove.mutate({ id: block.id, branchId }),
    });
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          Operating calendar
        </Title>
        <Text size="sm" c="dimmed">
          Block the morning (7am-12), the afternoon (12-6pm) or the whole day when you cannot take moves.
          Click today or a later date.
        </Text>
      </div>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {shown.isError ? (
            <LoadError
              what="the blocked time"
              error={shown.error}
              onRetry={() => void shown.refetch()}
              retrying={shown.isFetching}
            />
          ) : (
            <Box aria-busy={shown.isPending || undefined}>
              <MonthCalendar
                month={month}
                onMonthChange={setMonth}
                data-testid="blocked-calendar"
                isDisabled={(date) => date < today}
                onDayClick={(date) => setModal({ opened: true, date, block: byDate.get(date) ?? null })}
                describe={(date) => {
                  const block = byDate.get(date);
                  const kind = block ? blockKindOf(block) : null;
                  return kind ? `${BLOCK_LABELS[kind]} blocked` : null;
                }}
                renderContent={(date) => {
                  const block = byDate.get(date);
                  const kind = block ? blockKindOf(block) : null;
                  if (!kind) return null;
                  return (
                    <CalendarTag color={COLOR[kind]} data-testid="block-tag">
                      {phone ? SHORT[kind] : BLOCK_LABELS[kind]}
                    </CalendarTag>
                  );
                }}
              />
              <Group gap="md" mt="sm">
                {(['morning', 'afternoon', 'full'] as const).map((k) => (
                  <CalendarLegend key={k} color={COLOR[k]}>
                    {BLOCK_LABELS[k]} {phone ? `(${SHORT[k]})` : `(${BLOCK_HOURS[k]})`}
                  </CalendarLegend>
                ))}
              </Group>
            </Box>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <UpcomingDates
            title="Upcoming blocked time"
            query={upcoming}
            what="upcoming blocked time"
            empty={{
              icon: <IconCalendarOff size={22} color="var(--mantine-color-gray-6)" aria-hidden />,
              text: 'Nothing blocked. Every working day is open for booking.',
            }}
            testId="upcoming-blocks"
            itemTestId="upcoming-block"
            label={(block) =>
              `${dayjs(block.date).format('MMM D, YYYY')}: ${BLOCK_LABELS[blockKindOf(block) ?? 'full']}`
            }
            subject={(block) => `the blocked time on ${dayjs(block.date).format('MMM D, YYYY')}`}
            onEdit={(block) => setModal({ opened: true, date: block.date, block })}
            onDelete={askDelete}
          >
            {(block) => {
              const kind = blockKindOf(block) ?? 'full';
              return (
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {dayjs(block.date).format('ddd, MMM D, YYYY')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {BLOCK_LABELS[kind]} · {BLOCK_HOURS[kind]}
                  </Text>
                </div>
              );
            }}
          </UpcomingDates>
        </Grid.Col>
      </Grid>
      <BlockTimeModal
        opened={modal.opened}
        onClose={() => setModal((m) => ({ ...m, opened: false }))}
        branchId={branchId}
        date={modal.date}
        block={modal.block}
      />
    </Stack>
  );
}
