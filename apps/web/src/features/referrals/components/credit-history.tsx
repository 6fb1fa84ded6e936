import type { TCreditEntry } from '@haulpro/shared/referral';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../../components/money.tsx';
import { dayjs } from '../../../lib/dayjs.ts';

const WHAT: Record<TCreditEntry['kind'], string> = {
  referral: 'Referral credit',
  coupon: 'Coupon',
  gift: 'Gift coupon',
};

/** The newest rows of the credit ledger: what was earned from whom, and which coupons used it. */
export function CreditHistory({ entries }: { entries: TCreditEntry[] }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="credit-history">
      <Title order={2} fz="lg" mb="sm">
        Credit history
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="credit-history-empty">
          No credit yet. It appears here when a customer you referred completes a first order.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((e) => (
            <Group
              component="li"
              key={e.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {WHAT[e.kind]}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {e.detail} · {dayjs(e.created_at).format('MMM D, YYYY')}
                </Text>
              </div>
              <Text size="sm" fw={700} c={e.amount > 0 ? 'teal.9' : 'red.9'} style={{ whiteSpace: 'nowrap' }}>
                {e.amount > 0 ? '+' : '−'}
                {formatMoney(Math.abs(e.amount))}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
