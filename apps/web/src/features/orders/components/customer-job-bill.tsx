import type { TJobBill, TJobPhoto } from '@haulpro/shared/move-day';
import { minutesText } from '@haulpro/shared/move-day';
import { Anchor, Group, Image, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Money } from '../../../components/money.tsx';

type TLine = { label: string; amount: number; testId: string; strong?: boolean };

function billLines(bill: TJobBill): TLine[] {
  const lines: TLine[] = [{ label: 'Booked quote', amount: bill.booked, testId: 'bill-booked' }];
  if (bill.extra_time !== 0) {
    const label =
      bill.extra_minutes >= 0
        ? `Extra time (${minutesText(bill.extra_minutes)})`
        : `Time short of the booking (${minutesText(bill.extra_minutes)})`;
    lines.push({ label, amount: bill.extra_time, testId: 'bill-extra-time' });
  }
  if (bill.changes !== 0)
    lines.push({ label: 'Changes on site', amount: bill.changes, testId: 'bill-changes' });
  if (bill.discounts !== 0)
    lines.push({ label: 'Discounts', amount: -bill.discounts, testId: 'bill-discounts' });
  if (bill.fees !== 0) lines.push({ label: 'Fees', amount: bill.fees, testId: 'bill-fees' });
  return lines;
}

function Amount({ amount }: { amount: number }) {
  return (
    <>
      {amount < 0 ? '−' : null}
      <Money amount={Math.abs(amount)} />
    </>
  );
}

/** The final bill, item by item: booked, extra time, changes, discounts, fees, total, paid, balance. */
export function JobBillTable({ bill }: { bill: TJobBill }) {
  const rule = { borderTop: '1px solid var(--mantine-color-default-border)' };
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="job-bill">
      <Table.Tbody>
        {billLines(bill).map((l) => (
          <Table.Tr key={l.testId} data-testid={l.testId}>
            <Table.Td>{l.label}</Table.Td>
            <Table.Td ta="right">
              <Amount amount={l.amount} />
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr style={rule} data-testid="bill-total">
          <Table.Td fw={700}>Total</Table.Td>
          <Table.Td ta="right" fw={700}>
            <Money amount={bill.total} />
          </Table.Td>
        </Table.Tr>
        <Table.Tr data-testid="bill-paid">
          <Table.Td>Already paid</Table.Td>
          <Table.Td ta="right">
            <Amount amount={-bill.paid} />
          </Table.Td>
        </Table.Tr>
        <Table.Tr style={rule} data-testid="bill-balance">
          <Table.Td fw={700}>{bill.balance < 0 ? 'To be refunded' : 'Balance'}</Table.Td>
          <Table.Td ta="right" fw={700}>
            <Money amount={Math.abs(bill.balance)} />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

const PHASE_LABEL = { before: 'Before', after: 'After', change: 'Change' } as const;

/** The crew's before and after photos, as thumbnails that open full size. */
export function JobPhotos({ photos }: { photos: readonly TJobPhoto[] }) {
  const shown = photos.filter((p) => p.phase !== 'change');
  if (shown.length === 0) return null;
  return (
    <Stack gap={6} data-testid="job-photos">
      <Text size="sm" fw={600}>
        Photos
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
        {shown.map((p, i) => (
          <Anchor key={p.id} href={p.url} target="_blank" rel="noopener">
            <Image
              src={p.url}
              alt={`${PHASE_LABEL[p.phase]} photo ${i + 1}`}
              h={80}
              radius="sm"
              fit="cover"
              loading="lazy"
            />
            <Group justify="center">
              <Text size="xs" c="dimmed">
                {PHASE_LABEL[p.phase]}
              </Text>
            </Group>
          </Anchor>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
