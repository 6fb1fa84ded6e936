import { ZResetPassword } from '@haulpro/shared/auth';
import { MSG } from '@haulpro/shared/messages';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { signOut } from '../../../lib/auth-store.ts';
import { splitApiError } from '../../../lib/form-errors.ts';
import { useResetPassword } from '../api/reset-password.ts';

const PASSWORD = ZResetPassword.shape.password;

/** Opened from the e-mailed link /reset-password?token=…: choose a new password, then sign in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [linkError, setLinkError] = useState<string | null>(token ? null : MSG.resetLinkInvalid);
  const form = useForm({
    initialValues: { password: '', confirm_password: '' },
    validate: {
      password: (value) => {
        const parsed = PASSWORD.safeParse(value);
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG.passwordMin8);
      },
      confirm_password: (value, values) => (value === values.password ? null : MSG.passwordsDoNotMatch),
    },
  });

  const submit = form.onSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          // The server signed every device out; start clean on the sign-in page.
          signOut();
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          const { fieldErrors } = splitApiError(error, ['token', 'password'] as const);
          if (fieldErrors.token) setLinkError(fieldErrors.token);
          if (fieldErrors.password) form.setFieldError('password', fieldErrors.password);
        },
      },
    );
  });

  if (linkError) {
    return (
      <AuthShell title="Reset link problem">
        <Stack gap="lg">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
            {linkError}
          </Alert>
          <Button component={Link} to="/forgot-password" size="md">
            Request a new link
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center" fw={600}>
            Back to sign in
          </Anchor>
        </Stack>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Choose a new password" description="Use at least 8 characters.">
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirm_password')}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
