import { PAYOUT_STATUS_LABELS, type TPayoutRow, type TPayoutStatus } from '@haulpro/shared/payouts';
import {
  Anchor,
  Badge,
  Box,
  Card,
  Divider,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { dayjs } from '../../lib/dayjs.ts';
import { formatMoney } from '../money.tsx';
import { jobLink, methodLabel, payoutStatusLine } from './payout-lines.ts';

const STATUS_COLOR: Record<TPayoutStatus, string> = {
  pending: 'blue',
  transferred: 'blue',
  paid_out: 'green',
  waiting_for_account: 'yellow',
  cash: 'gray',
  reversed: 'red',
};

type TJobsProps = {
  rows: readonly TPayoutRow[];
  /** Where the payout account is connected (the "Waiting for your payout account" rows link there). */
  accountLink: string;
};

const day = (date: string) => dayjs(date).format('MMM D, YYYY');
const fee = (amount: number) => (amount > 0 ? `− ${formatMoney(amount)}` : formatMoney(0));

function JobTitle({ row }: { row: TPayoutRow }) {
  const to = jobLink(row);
  const title = (
    <Text span size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
      {row.title}
    </Text>
  );
  return to ? (
    <Anchor component={Link} to={to} c="inherit" underline="hover">
      {title}
    </Anchor>
  ) : (
    title
  );
}

function StatusBadge({ status }: { status: TPayoutStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm" tt="none" data-testid="payout-status">
      {PAYOUT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Under the badge: the date the money reached or reaches the bank, or what to do; nothing for cash. */
function StatusLine({ row, accountLink }: { row: TPayoutRow; accountLink: string }) {
  const line = payoutStatusLine(row);
  if (line.needsAccount) {
    return (
      <Anchor
        component={Link}
        to={accountLink}
        size="xs"
        fw={600}
        underline="always"
        data-testid="payout-when"
      >
        Set up your payout account
      </Anchor>
    );
  }
  if (line.tone === 'cash') return null;
  return (
    <Text span size="xs" c="dimmed" data-testid="payout-when">
      {line.text}
    </Text>
  );
}

/** The tip, with each crew member's share on hover (and read out to screen readers). */
function Tip({ row }: { row: TPayoutRow }) {
  if (row.tip_shares.length === 0) return <>{formatMoney(row.tip)}</>;
  const split = row.tip_shares.map((s) => `${s.name} ${formatMoney(s.amount)}`).join(', ');
  return (
    <Tooltip label={`Split: ${split}`} multiline maw={260} withArrow>
      <Text
        span
        size="sm"
        td="underline"
        style={{ textDecorationStyle: 'dotted', cursor: 'help' }}
        tabIndex={0}
      >
        {formatMoney(row.tip)}
        <VisuallyHidden> (split: {split})</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}

function JobsTable({ rows, accountLink }: TJobsProps) {
  const right = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
  return (
    <Table verticalSpacing="sm" fz="sm" highlightOnHover data-testid="payout-jobs-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Job</Table.Th>
          <Table.Th scope="col">Method</Table.Th>
          <Table.Th scope="col" ta="right">
            Gross
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Fee
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Tip
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Cancellation
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Net
          </Table.Th>
          <Table.Th scope="col">Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr
            key={r.id}
            data-testid="payout-job"
            data-kind={r.kind}
            data-job-id={r.order_id ?? r.delivery_id}
          >
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(r.job_date)}</Table.Td>
            <Table.Td maw={280}>
              <JobTitle row={r} />
            </Table.Td>
            <Table.Td>{methodLabel(r)}</Table.Td>
            <Table.Td {...right}>{formatMoney(r.gross)}</Table.Td>
            <Table.Td {...right}>{fee(r.platform_fee)}</Table.Td>
            <Table.Td {...right}>
              <Tip row={r} />
            </Table.Td>
            <Table.Td {...right}>{formatMoney(r.cancellation_fee)}</Table.Td>
            <Table.Td {...right} fw={700} data-testid="payout-net">
              {formatMoney(r.net)}
            </Table.Td>
            <Table.Td>
              <Stack gap={2} align="flex-start">
                <StatusBadge status={r.status} />
                <StatusLine row={r} accountLink={accountLink} />
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** Phones: the same jobs as stacked cards, so nothing scrolls sideways. */
function JobCards({ rows, accountLink }: TJobsProps) {
  return (
    <Stack gap="sm" data-testid="payout-jobs-cards">
      {rows.map((r) => (
        <Card key={r.id} padding="md" radius="md" data-testid="payout-job-card" data-kind={r.kind}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <JobTitle row={r} />
              <Text size="xs" c="dimmed">
                {day(r.job_date)} · {methodLabel(r)}
              </Text>
            </div>
            <Text fw={800} size="lg" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(r.net)}
            </Text>
          </Group>
          <Stack gap={2} mt="sm">
            <Line label="Gross" value={formatMoney(r.gross)} />
            <Line label="Platform fee" value={fee(r.platform_fee)} />
            <Line label="Tip" value={formatMoney(r.tip)} />
            {r.tip_shares.length > 0 ? (
              <Text size="xs" c="dimmed" ta="right">
                Split: {r.tip_shares.map((s) => `${s.name} ${formatMoney(s.amount)}`).join(', ')}
              </Text>
            ) : null}
            {r.cancellation_fee > 0 ? (
              <Line label="Cancellation fee" value={formatMoney(r.cancellation_fee)} />
            ) : null}
          </Stack>
          <Divider my="xs" />
          <Group justify="space-between" gap="xs">
            <StatusLine row={r} accountLink={accountLink} />
            <StatusBadge status={r.status} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The jobs, newest first: a table on wide screens, cards on phones and tablets. */
export function PayoutJobs(props: TJobsProps) {
  return (
    <>
      <Table.ScrollContainer minWidth={900} type="native" visibleFrom="md">
        <JobsTable {...props} />
      </Table.ScrollContainer>
      <Box hiddenFrom="md">
        <JobCards {...props} />
      </Box>
    </>
  );
}
