import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLogout } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { logout } from '../../../lib/api/logout.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { BookingAuthGate } from './booking-auth-gate.tsx';

type TCustomerGateProps = {
  /** Filled into the sign-up form (the booking's contact step; blank for a delivery). */
  name: string;
  email: string;
  /** Shown above the sign-in forms (a delivery says it is ready to book). */
  note?: ReactNode;
  gateRef?: Ref<HTMLDivElement>;
};

/**
 * What stands before Book now on both booking pages: a visitor signs in or signs up there, a
 * signed-in account that is not a customer is asked for one; a customer sees nothing.
 */
export function CustomerGate({ name, email, note, gateRef }: TCustomerGateProps) {
  const auth = useAuth();
  if (auth.status === 'checking') return null;
  const user = auth.status === 'authenticated' ? auth.session.user : null;
  if (!user) {
    return (
      <Box ref={gateRef} style={{ scrollMarginTop: 88 }}>
        {note}
        <BookingAuthGate name={name} email={email} />
      </Box>
    );
  }
  if (user.role === 'customer') return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} data-testid="not-customer">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Sign in with a customer account to book.</Text>
        <Button
          size="xs"
          variant="light"
          color="yellow"
          leftSection={<IconLogout size={14} />}
          onClick={() => void logout()}
        >
          Sign out
        </Button>
      </Stack>
    </Alert>
  );
}
