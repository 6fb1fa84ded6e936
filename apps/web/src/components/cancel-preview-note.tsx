import type { TCancelPreview } from '@haulpro/shared/payouts';
import { Alert, Skeleton, Text } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { type TCancelPreviewKind, useCancelPreview } from '../lib/api/cancel-preview.ts';
import { formatMoney } from './money.tsx';

/** The words of a preview: what comes back, and what the provider keeps for the late cancel. */
export function cancelPreviewText(p: TCancelPreview): string {
  if (p.fee === 0 && p.refund === 0) return 'Nothing was charged, so nothing is kept.';
  if (p.fee === 0) return `Cancelling now is free: you get ${formatMoney(p.refund)} back.`;
  const who = p.provider_name ?? 'your provider';
  return `You get ${formatMoney(p.refund)} back; ${formatMoney(p.fee)} goes to ${who} for the late cancellation.`;
}

/** In the customer's cancel modal: the preview's money, before they confirm. */
export function CancelPreviewNote({ kind, id }: { kind: TCancelPreviewKind; id: number | null }) {
  const q = useCancelPreview(kind, id);
  if (id === null) return null;
  if (q.isPending) return <Skeleton h={44} role="status" aria-label="Working out what you get back" />;
  if (q.isError) return null;
  const late = q.data.fee > 0;
  return (
    <Alert
      variant="light"
      color={late ? 'orange' : 'teal'}
      icon={<IconReceiptRefund size={18} />}
      p="sm"
      data-testid="cancel-preview"
    >
      <Text size="sm">{cancelPreviewText(q.data)}</Text>
    </Alert>
  );
}
