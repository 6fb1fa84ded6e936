import { Divider, Group, Loader, Stack, Text } from '@mantine/core';
import type { TCouponTotal } from '../lib/use-coupon-total.ts';
import { formatPrice } from './quote-breakdown.tsx';

/** Under the coupon field: what it takes off and what is left to pay, before booking. */
export function CouponPreview({
  coupon,
  testIdPrefix = '',
}: {
  coupon: TCouponTotal;
  testIdPrefix?: string;
}) {
  const id = (name: string) => `${testIdPrefix}${name}`;
  if (coupon.kind === 'checking') {
    return (
      <Group gap="xs" role="status" data-testid={id('coupon-checking')}>
        <Loader size={14} aria-hidden />
        <Text size="sm" c="dimmed">
          Checking the coupon…
        </Text>
      </Group>
    );
  }
  if (coupon.kind !== 'applied') return null;
  return (
    <Stack gap={6} maw={420} data-testid={id('coupon-preview')}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">Coupon {coupon.code}</Text>
        <Text
          size="sm"
          fw={600}
          c="teal.8"
          style={{ whiteSpace: 'nowrap' }}
          data-testid={id('coupon-discount')}
        >
          −{formatPrice(coupon.discount)}
        </Text>
      </Group>
      <Divider />
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={700}>{coupon.atMost ? 'Total to pay, at most' : 'Total to pay'}</Text>
        <Text fw={800} style={{ whiteSpace: 'nowrap' }} data-testid={id('coupon-total')}>
          {formatPrice(coupon.total)}
        </Text>
      </Group>
    </Stack>
  );
}
