import {
  Anchor,
  Button,
  Card,
  PasswordInput,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { LOGIN_FIELDS, login } from '../../../lib/api/login.ts';
import { REGISTER_FIELDS, register } from '../../../lib/api/register.ts';
import { signIn } from '../../../lib/auth-store.ts';
import { splitApiError } from '../../../lib/form-errors.ts';
import { lazySchema, usePreload } from '../../../lib/lazy-schema.ts';
import { saveAddress } from '../../../lib/saved-address.ts';

type TBookingAuthGateProps = { name: string; email: string };

// The shared schemas (zod) download at the visitor's first touch, not with the booking pages.
const registerSchema = lazySchema(() => import('@haulpro/shared/auth').then((m) => m.ZRegister));
const loginSchema = lazySchema(() => import('@haulpro/shared/auth').then((m) => m.ZLogin));

function splitName(full: string): { first: string; last: string } {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

/** Signs in with the new session kept for this tab, like the sign-in page without "Remember me". */
async function signInWith(email: string, password: string): Promise<void> {
  const { token, ...session } = await login({ email, password });
  signIn(session, token, false);
}

function SignUpForm({ name, email }: TBookingAuthGateProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const { first, last } = splitName(name);
  const form = useForm({
    initialValues: { first_name: first, last_name: last, email, password: '', referral_code: '' },
    validate: registerSchema.validate,
  });
  usePreload(registerSchema);
  // Register, then sign in with the same password: the booking continues in the same tab.
  const signUp = useMutation({
    mutationFn: async (values: typeof form.values) => {
      const input = (await registerSchema.get()).parse(values);
      await register(input);
      await signInWith(input.email, input.password);
    },
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    signUp.mutate(values, {
      onError: (error) => {
        const { fieldErrors, formError: message } = splitApiError(error, [
          ...REGISTER_FIELDS,
          ...LOGIN_FIELDS,
        ]);
        form.setErrors(fieldErrors);
        setFormError(message);
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Create an account">
      <Stack gap="sm">
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" loading={signUp.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}

function SignInForm({ email }: { email: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email, password: '' },
    validate: loginSchema.validate,
  });
  usePreload(loginSchema);
  const signInMutation = useMutation({
    mutationFn: async (values: typeof form.values) => {
      const input = (await loginSchema.get()).parse(values);
      return signInWith(input.email, input.password);
    },
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    signInMutation.mutate(values, {
      onError: (error) => {
        const { fieldErrors, formError: message } = splitApiError(error, LOGIN_FIELDS);
        form.setErrors(fieldErrors);
        setFormError(message);
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Button type="submit" size="md" loading={signInMutation.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The last step for a visitor without a session: sign in or create an account right here.
 * The booking is kept in this tab, so the full sign-in page (and back) loses nothing either.
 */
export function BookingAuthGate({ name, email }: TBookingAuthGateProps) {
  const [tab, setTab] = useState<string | null>('sign-up');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  function fullSignIn() {
    saveAddress(`${pathname}${search}`);
    navigate('/login');
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      px={{ base: 'sm', sm: 'lg' }}
      bg="blue.0"
      data-testid="booking-auth-gate"
    >
      <Stack gap="xs" mb="md">
        <Title order={3} fz="lg" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <IconLock size={20} aria-hidden />
          Sign in or create an account to book
        </Title>
        <Text size="sm" c="dimmed">
          Everything you filled in is kept. With an account you can follow your booking and review your
          helpers afterwards.
        </Text>
      </Stack>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="sign-up">Sign up</Tabs.Tab>
          <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sign-up">
          <SignUpForm name={name} email={email} />
        </Tabs.Panel>
        <Tabs.Panel value="sign-in">
          <SignInForm email={email} />
          <Text size="xs" c="dimmed" mt="sm" ta="center">
            Prefer Google or forgot your password?{' '}
            <Anchor component="button" type="button" size="xs" onClick={fullSignIn}>
              Use the full sign-in page
            </Anchor>
          </Text>
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
