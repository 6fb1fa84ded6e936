import type { TPayoutReviewItem } from '@haulpro/shared/delivery-view';
import {
  Alert,
  Badge,
  Blockquote,
  Button,
  Card,
  DataList,
  Divider,
  Grid,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBuildingStore,
  IconCheck,
  IconMessages,
  IconSignature,
  IconUser,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { DeliveryInvoice } from '../../../components/delivery/delivery-invoice.tsx';
import { ThreadModal } from '../../../components/message-thread/thread-modal.tsx';
import { formatMoney } from '../../../components/money.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { PayoutFiles } from './payout-files.tsx';

const STATUS: Record<TPayoutReviewItem['status'], { label: string; color: string }> = {
  pending: { label: 'Awaiting review', color: 'violet' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

const when = (iso: string) => dayjs(iso).format('MMM D, YYYY h:mm A');

function SectionLabel({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6} style={{ letterSpacing: 0.4 }}>
      {children}
    </Text>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

type TPayoutReviewCardProps = {
  item: TPayoutReviewItem;
  busy: boolean;
  onApprove: (item: TPayoutReviewItem) => void;
  onReject: (item: TPayoutReviewItem) => void;
};

/**
 * One payout submission as the admin reviews it: the delivery, who did it for whom, the invoice,
 * the helper's note and documents, and Approve / Reject while it is pending.
 */
export function PayoutReviewCard({ item, busy, onApprove, onReject }: TPayoutReviewCardProps) {
  const status = STATUS[item.status];
  const [threadOpen, setThreadOpen] = useState(false);
  const titleId = `payout-${item.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      data-testid="payout-review"
      data-payout-id={item.id}
      data-delivery-id={item.delivery_id}
      data-status={item.status}
      padding="lg"
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {item.items_name}
          </Title>
          <Text size="sm" c="dimmed">
            Delivery #{item.delivery_id} · submitted {when(item.submitted_at)} (
            {dayjs(item.submitted_at).fromNow()})
          </Text>
        </div>
        <Group gap="sm" align="center">
          <Text fz={{ base: 22, sm: 26 }} fw={800} lh={1.1} data-testid="payout-total">
            {formatMoney(item.invoice.total_payout)}
          </Text>
          <Group gap={6}>
            {item.signed_on_device ? (
              <Badge
                color="indigo"
                variant="light"
                radius="sm"
                leftSection={<IconSignature size={14} aria-hidden="true" />}
                style={{ textTransform: 'none' }}
                data-testid="signed-on-device"
              >
                Signed on device
              </Badge>
            ) : null}
            <Badge
              color={status.color}
              variant="light"
              radius="sm"
              style={{ textTransform: 'none' }}
              data-testid="payout-status"
            >
              {status.label}
            </Badge>
          </Group>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <DataList size="sm" gap={6} labelWidth={110}>
            <Item label="Arrival date">{dayjs(item.arrival_date).format('ddd, MMM D, YYYY')}</Item>
            <Item label="Customer">{item.customer_name}</Item>
            <Item label={item.acceptor_kind === 'company' ? 'Company' : 'Helper'}>
              <Group gap={6} wrap="nowrap" component="span">
                {item.acceptor_kind === 'company' ? (
                  <IconBuildingStore size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                ) : (
                  <IconUser size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                )}
                <span data-testid="payout-acceptor">
                  {item.acceptor_name}{' '}
                  <Text span size="xs" c="dimmed">
                    ({item.acceptor_kind === 'company' ? 'company' : 'labor'})
                  </Text>
                </span>
              </Group>
            </Item>
            {item.reviewed_at ? <Item label="Reviewed">{when(item.reviewed_at)}</Item> : null}
          </DataList>
          <Stack gap={4} mt="md">
            <SectionLabel>Helper&apos;s note</SectionLabel>
            {item.helper_note ? (
              <Blockquote
                p="sm"
                radius="md"
                color="gray"
                data-testid="helper-note"
                style={{ overflowWrap: 'anywhere' }}
              >
                {item.helper_note}
              </Blockquote>
            ) : (
              <Text size="sm" c="dimmed">
                No note.
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder={false} bg="gray.0" radius="md" padding="md">
            <SectionLabel>Invoice</SectionLabel>
            <DeliveryInvoice invoice={item.invoice} viewer="helper" />
          </Card>
        </Grid.Col>
      </Grid>

      <Group mt="md" gap="sm" align="center">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconMessages size={14} />}
          onClick={() => setThreadOpen(true)}
          data-testid="payout-thread-button"
        >
          Messages with the customer
        </Button>
        <Text size="xs" c="gray.7">
          Read-only: what the customer and the {item.acceptor_kind === 'company' ? 'company' : 'helper'}{' '}
          wrote.
        </Text>
      </Group>
      <ThreadModal
        audience="admin"
        target={threadOpen ? { kind: 'payout', id: item.id } : null}
        onClose={() => setThreadOpen(false)}
        title={`Messages · Delivery #${item.delivery_id}`}
      />

      <Stack gap={4} mt="md">
        <SectionLabel>Documents ({item.files.length})</SectionLabel>
        <PayoutFiles files={item.files} />
      </Stack>

      {item.status === 'rejected' && item.reason ? (
        <Alert color="red" variant="light" mt="md" title="Rejection reason" data-testid="rejection-reason">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.reason}
          </Text>
        </Alert>
      ) : null}

      {item.status === 'pending' ? (
        <>
          <Divider my="md" />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="outline"
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => onReject(item)}
              disabled={busy}
            >
              Reject
            </Button>
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              onClick={() => onApprove(item)}
              loading={busy}
            >
              Approve
            </Button>
          </Group>
        </>
      ) : null}
    </Card>
  );
}
