import type { TRegister } from '@haulpro/shared/auth';
import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { EmailInput } from '../../../components/email-input.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { REGISTER_FIELDS, useRegister } from '../../../lib/api/register.ts';
import { lazySchema, useLazySubmit, usePreload } from '../../../lib/lazy-schema.ts';

type TSignUpForm = { [K in keyof TRegister]-?: string };

const registerSchema = lazySchema(() => import('@haulpro/shared/auth').then((m) => m.ZRegister));

/**
 * Referral sign-up (spec), also at /register and /referral: ?referral_code= prefills the
 * code. Values are trimmed; on success the answer's message is toasted and we go to sign in.
 */
export function SignUpPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<TSignUpForm>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      referral_code: params.get('referral_code')?.trim() ?? '',
    },
    validate: registerSchema.validate,
  });
  usePreload(registerSchema);

  const { submit, formError } = useLazySubmit(
    form,
    registerSchema,
    REGISTER_FIELDS,
    (account, _values, fail) =>
      register.mutate(account, { onSuccess: () => navigate('/login', { replace: true }), onError: fail }),
  );

  return (
    <AuthShell
      title="Create your account"
      description="Book trusted movers and delivery helpers in minutes."
      wide
    >
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack gap="md">
          <FormAlert message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <EmailInput {...form.getInputProps('email')} />
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
