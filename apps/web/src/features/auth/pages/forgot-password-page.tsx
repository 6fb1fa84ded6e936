import { ZEmail } from '@haulpro/shared/auth';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { EmailInput } from '../../../components/email-input.tsx';
import { splitApiError } from '../../../lib/form-errors.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** Reset password (spec): an email field and a Reset password button; the server's answer is shown. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) => {
        const parsed = ZEmail.safeParse(value);
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid email');
      },
    },
  });

  const submit = form.onSubmit(({ email }) => {
    request.mutate(ZEmail.parse(email), {
      onError: (error) => form.setErrors(splitApiError(error, ['email'] as const).fieldErrors),
    });
  });

  return (
    <AuthShell
      title="Forgot your password?"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
    >
      {request.isSuccess ? (
        <Stack gap="lg">
          <Alert
            color="teal"
            variant="light"
            title="Check your inbox"
            icon={<IconMailForward size={20} />}
            data-testid="reset-link-sent"
          >
            {request.data}
          </Alert>
          <Text size="sm" c="dimmed">
            Didn't get it? Check your spam folder or{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => request.reset()}>
              try another email
            </Anchor>
          </Text>
          <Button component={Link} to="/login" variant="light" leftSection={<IconArrowLeft size={16} />}>
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Reset password">
          <Stack gap="md">
            <EmailInput {...form.getInputProps('email')} />
            <Button type="submit" size="md" fullWidth loading={request.isPending}>
              Reset password
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center" fw={600}>
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthShell>
  );
}
