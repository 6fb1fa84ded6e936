import { type TRegister, ZRegister } from '@haulpro/shared/auth';
import { Alert, Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { splitApiError } from '../../../lib/form-errors.ts';
import { REGISTER_FIELDS, useRegister } from '../api/register.ts';

type TSignUpForm = { [K in keyof TRegister]-?: string };

/**
 * Referral sign-up (spec), also at /register and /referral: ?referral_code= prefills the
 * code. Values are trimmed; on success the answer's message is toasted and we go to sign in.
 */
export function SignUpPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TSignUpForm>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      referral_code: params.get('referral_code')?.trim() ?? '',
    },
    validate: schemaResolver(ZRegister, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    register.mutate(ZRegister.parse(values), {
      onSuccess: () => navigate('/login', { replace: true }),
      onError: (error) => {
        const { fieldErrors, formError: message } = splitApiError(error, REGISTER_FIELDS);
        form.setErrors(fieldErrors);
        setFormError(message);
      },
    });
  });

  return (
    <AuthShell
      title="Create your account"
      description="Book trusted movers and delivery helpers in minutes."
      wide
    >
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Referral code"
            description="Optional: the 7-character code a friend shared with you"
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase', letterSpacing: '0.08em' } }}
            {...form.getInputProps('referral_code')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
            <Button type="submit" size="md" loading={register.isPending}>
              Register now
            </Button>
            <Button component={Link} to="/login" size="md" variant="default">
              Sign in
            </Button>
          </SimpleGrid>
        </Stack>
      </form>
    </AuthShell>
  );
}
