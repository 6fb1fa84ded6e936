import type { TUser } from '@haulpro/shared/user';
import { Button, Group, Modal, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useResendVerification } from '../api/resend-verification.ts';

const SHOWN_KEY = 'haulpro.verify-email-prompted';

function alreadyShown(userId: number): boolean {
  try {
    return window.sessionStorage.getItem(SHOWN_KEY) === String(userId);
  } catch {
    return false;
  }
}

function markShown(userId: number): void {
  try {
    window.sessionStorage.setItem(SHOWN_KEY, String(userId));
  } catch {
    // Without storage it may show again after a reload; harmless.
  }
}

/**
 * Tells a customer with an unverified e-mail to check their inbox (spec: Sign in and sign
 * up). Shown once per browser session, not on every page.
 */
export function VerifyEmailModal({ user }: { user: TUser }) {
  const needsPrompt = user.role === 'customer' && !user.is_email_verified;
  // An order opened from a link (e.g. right after booking) comes first; the prompt waits until it closes.
  const orderOpen = new URLSearchParams(useLocation().search).has('order_id');
  const [opened, setOpened] = useState(() => needsPrompt && !orderOpen && !alreadyShown(user.id));
  const resend = useResendVerification();

  useEffect(() => {
    if (opened) markShown(user.id);
  }, [opened, user.id]);

  useEffect(() => {
    if (needsPrompt && !orderOpen && !alreadyShown(user.id)) setOpened(true);
  }, [needsPrompt, orderOpen, user.id]);

  useEffect(() => {
    if (!needsPrompt) setOpened(false);
  }, [needsPrompt]);

  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      size="md"
      withCloseButton
      closeButtonProps={{ 'aria-label': 'Close' }}
      // The dialog's name (Mantine labels the dialog by its title); the visible heading is below.
      title={<VisuallyHidden>Email verification</VisuallyHidden>}
      data-testid="verify-email-modal"
    >
      <Stack align="center" ta="center" gap="sm" pb="xs">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMailCheck size={34} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          Please verify your email
        </Title>
        <Text c="dimmed">
          We sent a verification link to{' '}
          <Text span fw={600} c="dark">
            {user.email}
          </Text>
          . Check your email and follow the link to activate your account.
        </Text>
        <Group justify="center" mt="sm" gap="sm">
          <Button variant="default" onClick={() => setOpened(false)}>
            Close
          </Button>
          <Button
            loading={resend.isPending}
            onClick={() => resend.mutate(undefined, { onSuccess: () => setOpened(false) })}
          >
            Resend email
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
