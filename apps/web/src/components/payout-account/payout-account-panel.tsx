import { PAYOUT_ACCOUNT_LABELS, type TPayoutAccount } from '@haulpro/shared/payouts';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuildingBank, IconCircleCheck, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CONNECT_POLL_FOR_MS,
  payoutAccountKey,
  usePayoutAccount,
  usePayoutAccountLink,
} from '../../lib/api/payouts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { LoadError } from '../load-error.tsx';
import { requirementLabels } from './requirement-labels.ts';

export const CARD_PAYOUTS_OFF =
  'Card payouts are off on this Haulpro. Cash jobs go on as today: you collect from the customer.';

const STATUS_COLOR: Record<TPayoutAccount['status'], string> = {
  not_connected: 'gray',
  needs_information: 'orange',
  active: 'green',
};

/** Back from Stripe (?connect=return): ask again every 3 s for a minute, until the webhook has landed. */
function useReturnFromStripe(): boolean {
  const [params] = useSearchParams();
  const returning = params.get('connect') === 'return';
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!returning) return;
    setExpired(false);
    const timer = window.setTimeout(() => setExpired(true), CONNECT_POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [returning]);
  return returning && !expired;
}

function StripeButton({ label, variant = 'filled' }: { label: string; variant?: 'filled' | 'light' }) {
  const queryClient = useQueryClient();
  const link = usePayoutAccountLink();
  return (
    <Button
      variant={variant}
      rightSection={<IconExternalLink size={16} />}
      loading={link.isPending || link.isSuccess}
      onClick={() =>
        link.mutate(undefined, {
          // Stripe switched off since the page loaded: show the state that says so.
          onError: (err) => {
            if (err instanceof ApiError && err.status === 503)
              void queryClient.invalidateQueries({ queryKey: payoutAccountKey });
          },
        })
      }
    >
      {label}
    </Button>
  );
}

function AccountState({ account }: { account: TPayoutAccount }) {
  if (account.status === 'active') {
    return (
      <Stack gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" variant="light" size="xl" radius="xl" aria-hidden="true">
            <IconCircleCheck size={26} />
          </ThemeIcon>
          <div>
            <Text fw={700} size="lg" c="green.9">
              Payouts go to your bank account
            </Text>
            <Text size="sm" c="dimmed">
              Stripe sends your share of each card job to your bank, usually a few business days after the
              job.
            </Text>
          </div>
        </Group>
        <Text size="sm">To change the bank account or your details, update them on Stripe.</Text>
        <StripeButton label="Update on Stripe" variant="light" />
      </Stack>
    );
  }
  if (account.status === 'needs_information') {
    const missing = requirementLabels(account.requirements);
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Stripe needs a few more details before it can send you money. Card jobs you finish meanwhile are
          kept and paid out once the account is ready.
        </Text>
        {missing.length > 0 ? (
          <div>
            <Text size="sm" fw={600} mb={4}>
              Still missing
            </Text>
            <List size="sm" spacing={2} data-testid="payout-requirements">
              {missing.map((label) => (
                <List.Item key={label}>{label}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
        <StripeButton label="Continue on Stripe" />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        Customers who pay by card pay Haulpro, and Haulpro sends your share to your bank. Connect a payout
        account with Stripe, our payments partner: you give Stripe your bank account and a few details about
        you. Haulpro never sees your bank details.
      </Text>
      <StripeButton label="Connect a payout account" />
    </Stack>
  );
}

/**
 * Where the money of card jobs goes: the payout account's state (Stripe Connect) and the button
 * to Stripe's forms. Profile → Get paid (company staff) and Labor settings → Payouts (helpers).
 */
export function PayoutAccountPanel({ note }: { note?: string }) {
  const polling = useReturnFromStripe();
  const account = usePayoutAccount(polling);
  const waiting = polling && account.data?.card_payouts === true && account.data.status !== 'active';

  if (account.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your payout account">
        <Skeleton height={28} width="50%" />
        <Skeleton height={64} />
        <Skeleton height={36} width={220} />
      </Stack>
    );
  }
  if (account.error) {
    return (
      <LoadError
        what="your payout account"
        error={account.error}
        onRetry={() => account.refetch()}
        retrying={account.isFetching}
      />
    );
  }
  const data = account.data;
  return (
    <Stack gap="md" data-testid="payout-account" data-status={data.card_payouts ? data.status : 'off'}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconBuildingBank size={22} stroke={1.7} aria-hidden="true" />
          <Title order={2} fz="lg">
            Payout account
          </Title>
        </Group>
        {data.card_payouts ? (
          <Badge
            color={STATUS_COLOR[data.status]}
            variant="light"
            size="lg"
            tt="none"
            data-testid="payout-account-status"
          >
            {PAYOUT_ACCOUNT_LABELS[data.status]}
          </Badge>
        ) : null}
      </Group>
      {note ? (
        <Text size="sm" c="dimmed" mt={-8}>
          {note}
        </Text>
      ) : null}
      {waiting ? (
        <Alert color="blue" variant="light" icon={<Loader size={16} />} role="status">
          Waiting for Stripe to confirm…
        </Alert>
      ) : null}
      {data.card_payouts ? (
        <AccountState account={data} />
      ) : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={20} />}
          data-testid="card-payouts-off"
        >
          {CARD_PAYOUTS_OFF}
        </Alert>
      )}
    </Stack>
  );
}
