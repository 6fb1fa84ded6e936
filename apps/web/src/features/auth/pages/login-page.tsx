import type { TLogin } from '@haulpro/shared/auth';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { EmailInput } from '../../../components/email-input.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { withAllStyles } from '../../../lib/all-styles.ts';
import { LOGIN_FIELDS, useLogin } from '../../../lib/api/login.ts';
import { lazySchema, useLazySubmit, usePreload } from '../../../lib/lazy-schema.ts';
import { GoogleSignInButton } from '../components/google-sign-in-button.tsx';

type TLoginForm = TLogin & { remember: boolean };

const loginSchema = lazySchema(() => import('@haulpro/shared/auth').then((m) => m.ZLogin));

// Opened from a link: its code loads on the first click, not before the page paints.
const SignUpChoiceModal = lazy(() =>
  withAllStyles(import('../components/sign-up-choice-modal.tsx')).then((m) => ({
    default: m.SignUpChoiceModal,
  })),
);

/**
 * Sign in (spec: Sign in and sign up). Success needs no navigation here: the guest-only
 * guard sends the new session to the saved address or the dashboard.
 */
export function LoginPage() {
  // Mounted from the first opening on, so it can animate closed.
  const [signUpRequested, setSignUpRequested] = useState(false);
  const [signUpOpened, signUp] = useDisclosure(false, { onOpen: () => setSignUpRequested(true) });
  const login = useLogin();
  const form = useForm<TLoginForm>({
    initialValues: { email: '', password: '', remember: false },
    validate: loginSchema.validate,
  });
  usePreload(loginSchema);

  const { submit, formError } = useLazySubmit(form, loginSchema, LOGIN_FIELDS, (credentials, values, fail) =>
    login.mutate({ ...credentials, remember: values.remember }, { onError: fail }),
  );

  return (
    <AuthShell title="Welcome back" description="Sign in to manage your moves and deliveries.">
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="md">
          <FormAlert message={formError} />
          <EmailInput {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" gap="xs">
            <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgot-password" size="sm" fw={600}>
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            Sign in
          </Button>
          <GoogleSignInButton remember={form.values.remember} />
          <Group justify="center" gap={6} mt="xs">
            <Text size="sm" c="dimmed">
              New to Haulpro?
            </Text>
            <Button variant="subtle" size="compact-md" onClick={signUp.open}>
              Sign Up
            </Button>
          </Group>
        </Stack>
      </form>
      {signUpRequested ? (
        <Suspense fallback={null}>
          <SignUpChoiceModal opened={signUpOpened} onClose={signUp.close} />
        </Suspense>
      ) : null}
    </AuthShell>
  );
}
