import { ZEmail } from '@haulpro/shared/auth';
import { invitesFit, REVIEW_INVITE_MAX, REVIEW_INVITE_MSG } from '@haulpro/shared/review-page';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  Stack,
  Tabs,
  TagsInput,
  Text,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useActiveBranch } from '../../../lib/active-branch.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import {
  useDeleteInvitation,
  useInvitations,
  useInviters,
  useSendInvites,
} from '../api/reviewer-invitations.ts';

type TInviteReviewerModalProps = { opened: boolean; onClose: () => void };

const ALL_ORDERS = 'all';

/**
 * Invite a Reviewer (spec: invite-reviewer modal): loyal clients by e-mail (invalid ones removed,
 * already invited ones removed with "This email is already invited") or new clients (a location's
 * order or all its orders; disabled when it has none). Send Request is disabled once the invited
 * plus the entered would pass 100. Below, the invited people in Pending and Available tabs.
 */
export function InviteReviewerModal({ opened, onClose }: TInviteReviewerModalProps) {
  const inviters = useInviters(opened);
  const active = useActiveBranch();
  const [branchId, setBranchId] = useState<number | null>(null);
  const [mode, setMode] = useState<'loyal' | 'new'>('loyal');
  const [emails, setEmails] = useState<string[]>([]);
  const [order, setOrder] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [listTab, setListTab] = useState<'pending' | 'available'>('pending');
  const send = useSendInvites();
  const remove = useDeleteInvitation();

  const locations = inviters.data ?? [];
  const location = locations.find((l) => l.id === branchId) ?? null;
  const pending = useInvitations(opened ? branchId : null, 'pending');
  const available = useInvitations(opened ? branchId : null, 'available');
  const invited = useMemo(
    () => new Set([...(pending.data ?? []), ...(available.data ?? [])].map((i) => i.email)),
    [pending.data, available.data],
  );
  const invitedCount = location?.invited_reviews_count ?? 0;

  // The active location first, else the first one.
  useEffect(() => {
    if (!opened || branchId !== null || !inviters.data?.length) return;
    const first = inviters.data.find((l) => l.id === active.branchId) ?? inviters.data[0];
    setBranchId(first?.id ?? null);
  }, [opened, branchId, inviters.data, active.branchId]);

  useEffect(() => {
    if (opened) return;
    setEmails([]);
    setOrder(null);
    setNotice(null);
    setServerError(null);
  }, [opened]);

  function changeEmails(values: string[]) {
    const kept: string[] = [];
    const dropped: string[] = [];
    let again = false;
    for (const raw of values) {
      const parsed = ZEmail.safeParse(raw);
      if (!parsed.success) {
        dropped.push(raw);
        continue;
      }
      if (invited.has(parsed.data)) {
        again = true;
        continue;
      }
      if (!kept.includes(parsed.data)) kept.push(parsed.data);
    }
    setEmails(kept);
    setServerError(null);
    setNotice(
      again
        ? REVIEW_INVITE_MSG.alreadyInvited
        : dropped.length
          ? `Removed: ${dropped.join(', ')} (not a valid email)`
          : null,
    );
  }

  const noOrders = (location?.orders.length ?? 0) === 0;
  const entered =
    mode === 'loyal'
      ? emails.length
      : order
        ? order === ALL_ORDERS
          ? (location?.orders.length ?? 0)
          : 1
        : 0;
  const overLimit = !invitesFit(invitedCount, entered);
  const canSend = location !== null && entered > 0 && !overLimit && !(mode === 'new' && noOrders);

  function submit() {
    if (!location || !canSend) return;
    setServerError(null);
    send.mutate(
      mode === 'loyal'
        ? { branch_id: location.id, emails }
        : order === ALL_ORDERS
          ? { branch_id: location.id, is_customers: true, all_orders: true }
          : { branch_id: location.id, is_customers: true, orders: [Number(order)] },
      {
        onSuccess: (r) => {
          setEmails([]);
          setOrder(null);
          setNotice(r.already_invited.length ? REVIEW_INVITE_MSG.alreadyInvited : null);
          setListTab('pending');
        },
        onError: (err) => {
          if (err instanceof ApiError)
            setServerError(err.field('emails') ?? err.field('orders') ?? err.message);
        },
      },
    );
  }

  const list = listTab === 'pending' ? pending : available;
  return (
    <Modal opened={opened} onClose={onClose} title="Invite a Reviewer" size={814}>
      {inviters.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading locations" />
        </Group>
      ) : inviters.error ? (
        <LoadError
          what="your locations"
          error={inviters.error}
          onRetry={() => inviters.refetch()}
          retrying={inviters.isFetching}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Each person gets an e-mail with a link to a page where they can review your company without an
            account. Their review is marked as an invited review.
          </Text>
          <Select
            label="Location"
            data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
            value={branchId ? String(branchId) : null}
            onChange={(v) => {
              setBranchId(v ? Number(v) : null);
              setOrder(null);
              setEmails([]);
              setNotice(null);
            }}
            allowDeselect={false}
          />
          <Radio.Group
            label="Who do you want to invite?"
            value={mode}
            onChange={(v) => {
              setMode(v === 'new' ? 'new' : 'loyal');
              setServerError(null);
            }}
          >
            <Group gap="lg" mt={6}>
              <Radio value="loyal" label="Loyal clients" />
              <Radio value="new" label="New clients" />
            </Group>
          </Radio.Group>
          {mode === 'loyal' ? (
            <TagsInput
              label="Emails"
              description="Press Enter or type a comma after each email."
              placeholder="name@example.com"
              value={emails}
              onChange={changeEmails}
              splitChars={[',', ' ', ';']}
              clearable
              error={notice ?? undefined}
            />
          ) : (
            <Select
              label="Order"
              placeholder={noOrders ? REVIEW_INVITE_MSG.noOrders : 'Choose an order or all orders'}
              disabled={noOrders}
              data={[
                { value: ALL_ORDERS, label: `All orders (${location?.orders.length ?? 0})` },
                ...(location?.orders ?? []).map((o) => ({ value: String(o.id), label: o.label })),
              ]}
              value={order}
              onChange={setOrder}
              searchable
              description={noOrders ? REVIEW_INVITE_MSG.noOrders : 'Their customers get the e-mail.'}
            />
          )}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c={overLimit ? 'red' : 'dimmed'} data-testid="invite-count" aria-live="polite">
              {overLimit
                ? REVIEW_INVITE_MSG.limit
                : `${invitedCount} of ${REVIEW_INVITE_MAX} invites used${entered ? `, ${entered} to send` : ''}`}
            </Text>
            <Button onClick={submit} disabled={!canSend} loading={send.isPending}>
              Send Request
            </Button>
          </Group>
          {serverError ? (
            <Alert color="red" variant="light" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <Tabs
            value={listTab}
            onChange={(v) => {
              const next = v === 'available' ? 'available' : 'pending';
              setListTab(next);
              // Invited people review from their own e-mail: look again on every switch.
              void (next === 'available' ? available : pending).refetch();
            }}
          >
            <Tabs.List>
              <Tabs.Tab value="pending">Pending ({pending.data?.length ?? 0})</Tabs.Tab>
              <Tabs.Tab value="available">Available ({available.data?.length ?? 0})</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {list.isPending && branchId ? (
            <Loader size="sm" aria-label="Loading invitations" />
          ) : (list.data ?? []).length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="invitations-empty">
              {listTab === 'pending'
                ? 'Nobody is waiting to review. People you invite show here until they leave their review.'
                : 'Nobody has reviewed through an invitation yet.'}
            </Text>
          ) : (
            <Stack gap={6} data-testid="invitation-list" mah={220} style={{ overflowY: 'auto' }}>
              {(list.data ?? []).map((i) => (
                <Group key={i.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="invitation">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" truncate title={i.email}>
                      {i.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i.reviewed_at
                        ? `Reviewed ${dayjs(i.reviewed_at).format('MMM D, YYYY')}`
                        : `Invited ${dayjs(i.created_at).format('MMM D, YYYY')}`}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete the invitation of ${i.email}`}
                    onClick={() => remove.mutate(i.id)}
                    loading={remove.isPending && remove.variables === i.id}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
