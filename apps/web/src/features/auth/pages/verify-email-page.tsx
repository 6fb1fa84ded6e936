import { MSG } from '@haulpro/shared/messages';
import { homePathFor } from '@haulpro/shared/navigation';
import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { checkSession } from '../api/check-session.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

/** Opened from the e-mailed link /verify-email?token=…: confirms the address and says so. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const auth = useAuth();
  const verify = useVerifyEmail(token);
  const signedIn = auth.status === 'authenticated';

  // A signed-in user's "verified" flag changes: refresh the session so the reminder stops.
  useEffect(() => {
    if (verify.isSuccess && signedIn) void checkSession();
  }, [verify.isSuccess, signedIn]);

  const next =
    auth.status === 'authenticated' ? (
      <Button component={Link} to={homePathFor(auth.session.user.role)} size="md">
        Go to your dashboard
      </Button>
    ) : (
      <Button component={Link} to="/login" size="md">
        Sign in
      </Button>
    );

  if (token && verify.isPending) {
    return (
      <AuthShell title="Verifying your email">
        <Stack align="center" py="lg" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">Just a moment…</Text>
        </Stack>
      </AuthShell>
    );
  }

  if (token && verify.isSuccess) {
    return (
      <AuthShell title="Email verified">
        <Stack align="center" ta="center" gap="md" data-testid="verify-email-result">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={36} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {verify.data || MSG.emailVerified}
          </Title>
          <Text c="dimmed">Thanks for confirming. Your account is ready to use.</Text>
          {next}
        </Stack>
      </AuthShell>
    );
  }

  const message = verify.error?.message || MSG.verifyLinkInvalid;
  return (
    <AuthShell title="We couldn't verify your email">
      <Stack align="center" ta="center" gap="md" data-testid="verify-email-result">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={34} stroke={1.6} />
        </ThemeIcon>
        <Text role="alert">{message}</Text>
        <Text c="dimmed" size="sm">
          {signedIn
            ? 'You can ask for a new link from the reminder in your account.'
            : 'Sign in and ask for a new verification email.'}
        </Text>
        {next}
      </Stack>
    </AuthShell>
  );
}
