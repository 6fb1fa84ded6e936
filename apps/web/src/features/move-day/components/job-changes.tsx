import { CHANGE_KIND_LABELS, type TJobChange } from '@haulpro/shared/move-day';
import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { formatMoney } from '../../../components/money.tsx';
import type { TChangeDecision } from '../api/decide-change.ts';

const ChangeForm = lazy(() => import('./change-form.tsx').then((m) => ({ default: m.ChangeForm })));

const STATUS: Record<TJobChange['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for the customer', color: 'orange.9' },
  approved: { label: 'Approved', color: 'teal.9' },
  declined: { label: 'Declined', color: 'gray.7' },
};

type TJobChangesProps = {
  userId: number;
  orderId: number;
  branchId: number | null;
  changes: readonly TJobChange[];
  canAdd: boolean;
  busy: boolean;
  onDecide: (changeId: number, decision: TChangeDecision) => void;
};

/** Changes on site: each priced, pending ones answered by the customer on this phone. */
export function JobChanges({ userId, orderId, branchId, changes, canAdd, busy, onDecide }: TJobChangesProps) {
  const [adding, setAdding] = useState(false);
  if (changes.length === 0 && !canAdd) return null;
  return (
    <Stack gap="sm" data-testid="job-changes">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text component="h2" fw={700} fz="lg">
          Changes on site
        </Text>
        {canAdd && !adding ? (
          <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
            Add a change
          </Button>
        ) : null}
      </Group>
      {adding ? (
        <Suspense fallback={null}>
          <ChangeForm userId={userId} orderId={orderId} branchId={branchId} onDone={() => setAdding(false)} />
        </Suspense>
      ) : null}
      {changes.map((c) => (
        <Card key={c.id} withBorder radius="md" padding="sm" data-testid="job-change">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {CHANGE_KIND_LABELS[c.kind]}
                  {c.quantity > 1 ? ` × ${c.quantity}` : ''}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {c.description}
                </Text>
              </div>
              <Text fw={700}>{formatMoney(c.amount)}</Text>
            </Group>
            {c.photo_url ? (
              <Image
                src={c.photo_url}
                alt={`Photo of the change: ${c.description}`}
                h={120}
                w="auto"
                fit="contain"
              />
            ) : null}
            <Badge color={STATUS[c.status].color} variant="filled" data-testid="change-status">
              {STATUS[c.status].label}
            </Badge>
            {c.status === 'pending' ? (
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  Customer: do you agree to this change?
                </Text>
                <Group grow gap="sm">
                  <Button disabled={busy} onClick={() => onDecide(c.id, 'approve')}>
                    Approve
                  </Button>
                  <Button variant="default" disabled={busy} onClick={() => onDecide(c.id, 'decline')}>
                    Decline
                  </Button>
                </Group>
              </Stack>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
