import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePayoutAccount } from '../../lib/api/payouts.ts';
import { CARD_PAYOUTS_OFF } from './payout-account-panel.tsx';

type TPayoutAccountBannerProps = {
  /** Where the payout account is set up: Profile → Get paid or Labor settings → Payouts. */
  to: string;
  /** That place in words: "Profile → Get paid". */
  where: string;
};

/** Above the payouts: what stands between card jobs and the bank, when the account is not active. */
export function PayoutAccountBanner({ to, where }: TPayoutAccountBannerProps) {
  const account = usePayoutAccount();
  const data = account.data;
  if (!data || (data.card_payouts && data.status === 'active')) return null;
  if (!data.card_payouts) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconInfoCircle size={20} />}
        mb="lg"
        data-testid="payout-account-banner"
      >
        {CARD_PAYOUTS_OFF}
      </Alert>
    );
  }
  const missing = data.status === 'needs_information';
  return (
    <Alert
      color={missing ? 'orange' : 'yellow'}
      variant="light"
      icon={<IconAlertCircle size={20} />}
      title={missing ? 'Stripe needs more information' : 'Connect a payout account'}
      mb="lg"
      data-testid="payout-account-banner"
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {missing
            ? 'Your card jobs are kept, but Stripe cannot send the money to your bank until it has a few more details.'
            : 'Card jobs are paid to your bank once you connect a payout account. Until then their money waits for you.'}
        </Text>
        <Button component={Link} to={to} variant="white" color="dark" size="xs">
          Open {where}
        </Button>
      </Group>
    </Alert>
  );
}
