import { isValidCouponAmount, REFERRAL_MSG } from '@haulpro/shared/referral';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../../components/money.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useGeneratePromo } from '../api/generate-promo.ts';
import { copyText } from '../lib/copy-text.ts';

type TProps = {
  pending: number;
  available: number;
  coupon: string | null;
  amount: number | null;
};

const WHOLE = /^\d+$/;

/** The credit balances and the coupon generator (spec: credit balance, coupon generator). */
export function CreditCard({ pending, available, coupon, amount }: TProps) {
  const [typed, setTyped] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const generate = useGeneratePromo();
  const value = WHOLE.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
  const valid = isValidCouponAmount(value, available);
  const shownError = serverError ?? (typed.trim() !== '' && !valid ? REFERRAL_MSG.invalidAmount : null);

  function activate() {
    if (!valid) return;
    setServerError(null);
    generate.mutate(
      { amount: value },
      {
        onSuccess: (promo) => {
          setTyped('');
          void copyText(promo.coupon, null);
        },
        onError: (error) => {
          if (error instanceof ApiError) setServerError(error.field('amount') ?? null);
        },
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="credit-card">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Your credit
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Pending
            </Text>
            <Text fw={800} fz={24} data-testid="credit-pending">
              {formatMoney(pending)}
            </Text>
            <Text size="xs" c="dimmed">
              Friends who signed up, first order not completed yet
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Available
            </Text>
            <Text fw={800} fz={24} c="teal.9" data-testid="credit-available">
              {formatMoney(available)}
            </Text>
            <Text size="xs" c="dimmed">
              Ready to turn into a coupon or a gift
            </Text>
          </div>
        </SimpleGrid>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            activate();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Coupon amount ($)"
              placeholder={available > 0 ? `1 to ${available}` : 'No credit yet'}
              inputMode="numeric"
              value={typed}
              onChange={(e) => {
                setTyped(e.currentTarget.value);
                setServerError(null);
              }}
              error={shownError}
              style={{ flex: '1 1 10rem' }}
            />
            <Button
              type="submit"
              mt={25}
              leftSection={<IconTicket size={16} />}
              disabled={!valid}
              loading={generate.isPending}
            >
              Activate
            </Button>
          </Group>
        </form>
        {coupon ? (
          <Group gap="xs" wrap="wrap" data-testid="active-coupon">
            <Text size="sm">Your coupon:</Text>
            <Text fw={800} ff="monospace" lts={2} data-testid="coupon-code">
              {coupon}
            </Text>
            <Text size="sm" c="dimmed">
              ({formatMoney(amount ?? 0)}, use it once when you book)
            </Text>
            <Tooltip label="Copy the coupon code">
              <ActionIcon
                variant="subtle"
                aria-label="Copy the coupon code"
                onClick={() => copyText(coupon, REFERRAL_MSG.copied)}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
