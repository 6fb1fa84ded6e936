import type { TTimesheets } from '@haulpro/shared/timesheets';
import { ActionIcon, Alert, Button, Card, EmptyState, Group, Skeleton, Table, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconClockHour4,
  IconDownload,
} from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { downloadTimesheetsCsv, useTimesheets } from '../api/get-timesheets.ts';
import { addDays, hoursText, mondayOf, shortDate, weekLabel } from '../lib/week.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** The table's width before it scrolls sideways in its card (phones). */
const TABLE_MIN_WIDTH = 760;

/** The member column stays in view while the days scroll sideways on a phone. */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;

const thisWeek = () => mondayOf(dayjs().format('YYYY-MM-DD'));

function clockTime(iso: string | null, timeZone: string): string {
  if (!iso) return '…';
  try {
    return dayjs(iso).tz(timeZone).format('HH:mm');
  } catch {
    return dayjs(iso).format('HH:mm');
  }
}

function WeekPicker({ week, onChange }: { week: string; onChange: (week: string) => void }) {
  const current = thisWeek();
  return (
    <Group gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous week"
          onClick={() => onChange(addDays(week, -7))}
          data-testid="timesheets-prev"
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={600} size="sm" ta="center" miw={120} aria-live="polite" data-testid="timesheets-week">
          {weekLabel(week)}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next week"
          onClick={() => onChange(addDays(week, 7))}
          data-testid="timesheets-next"
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        disabled={week === current}
        onClick={() => onChange(current)}
      >
        This week
      </Button>
    </Group>
  );
}

function SheetTable({ sheet }: { sheet: TTimesheets }) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const dayTotals = WEEKDAYS.map((_, i) => sheet.rows.reduce((s, r) => s + (r.days[i] ?? 0), 0));
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH} type="native">
      <Table verticalSpacing="xs" striped={false} data-testid="timesheets-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={STICKY}>Member</Table.Th>
            {WEEKDAYS.map((d, i) => (
              <Table.Th key={d} ta="right">
                {d}
                <Text span display="block" size="xs" c="dimmed" fw={400}>
                  {shortDate(addDays(sheet.week_start, i))}
                </Text>
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.rows.map((row) => {
            const expanded = open.has(row.crew_id);
            const jobsId = `timesheet-jobs-${row.crew_id}`;
            return (
              <Fragment key={row.crew_id}>
                <Table.Tr data-testid="timesheet-row">
                  <Table.Td style={STICKY}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      color="gray"
                      c="var(--mantine-color-text)"
                      px={4}
                      aria-expanded={expanded}
                      aria-controls={expanded ? jobsId : undefined}
                      onClick={() => toggle(row.crew_id)}
                      leftSection={
                        <IconChevronDown
                          size={16}
                          style={{
                            transform: expanded ? undefined : 'rotate(-90deg)',
                            transition: 'transform 120ms',
                          }}
                        />
                      }
                    >
                      {row.name}
                    </Button>
                  </Table.Td>
                  {row.days.map((m, i) => (
                    <Table.Td key={WEEKDAYS[i]} ta="right" c={m === 0 ? 'dimmed' : undefined}>
                      {hoursText(m)}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={700}>
                    {hoursText(row.minutes)}
                  </Table.Td>
                </Table.Tr>
                {expanded ? (
                  <Table.Tr id={jobsId}>
                    <Table.Td colSpan={9} bg="var(--mantine-color-gray-0)">
                      <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="timesheet-jobs">
                        {row.jobs.map((j) => (
                          <li key={`${j.order_id}-${j.date}`}>
                            <Text size="sm">
                              Order #{j.order_id} · {shortDate(j.date)} ·{' '}
                              {clockTime(j.started_at, sheet.time_zone)}–
                              {clockTime(j.finished_at, sheet.time_zone)} · {hoursText(j.minutes)}
                            </Text>
                          </li>
                        ))}
                      </ul>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="timesheet-total">
            <Table.Th style={STICKY}>Total</Table.Th>
            {dayTotals.map((m, i) => (
              <Table.Th key={WEEKDAYS[i]} ta="right">
                {hoursText(m)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{hoursText(sheet.total_minutes)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Teams' Timesheets tab: a week of hours per member from the job clock, and its CSV for payroll. */
export function TimesheetsPanel({ branchId }: { branchId: number }) {
  const [week, setWeek] = useState(thisWeek);
  const sheet = useTimesheets(branchId, week);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadTimesheetsCsv(branchId, week);
    } catch (err) {
      setDownloadError(err instanceof ApiError ? err.message : 'The timesheet could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  }

  const rows = sheet.data?.rows ?? [];
  return (
    <Card data-testid="timesheets">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="md">
        <WeekPicker week={week} onChange={setWeek} />
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          loading={downloading}
          disabled={rows.length === 0}
          onClick={download}
          data-testid="timesheets-csv"
        >
          Download CSV
        </Button>
      </Group>
      {downloadError ? (
        <Text size="sm" c="red.8" role="alert" mb="sm">
          {downloadError}
        </Text>
      ) : null}
      {sheet.isPending ? (
        <Skeleton height={220} radius="md" role="status" aria-label="Loading the timesheet" />
      ) : sheet.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          The timesheet could not be loaded. Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState
          py={40}
          variant="light"
          icon={<IconClockHour4 size={30} stroke={1.6} />}
          title="No hours recorded this week"
          description="Hours appear here as crews start and finish jobs on their phones."
          data-testid="timesheets-empty"
        />
      ) : (
        <SheetTable sheet={sheet.data} />
      )}
    </Card>
  );
}
