import type { TZipInfo } from '@haulpro/shared/geo';
import { INVALID_ZIP } from '@haulpro/shared/zip';
import { Button, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { EmailInput } from '../../../components/email-input.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { ZipInput } from '../../../components/zip-input.tsx';
import { fetchZipLocation } from '../../../lib/api/get-zip-location.ts';
import { splitApiError } from '../../../lib/form-errors.ts';
import { lazyModule, usePreload } from '../../../lib/lazy-schema.ts';
import { LABOR_FIELDS, MOVER_FIELDS, useRegisterAccount } from '../api/register-account.ts';
import type { TRegisterValues } from '../lib/register-checks.ts';

type TKind = 'mover' | 'labor';
type TValues = TRegisterValues;

// The checks and bodies come with the shared schemas (zod), at the visitor's first touch.
const checks = lazyModule(() => import('../lib/register-checks.ts'));

/** Server and schema paths (branch.zip_code) to this form's fields (zip_code). */
const FIELD_OF: Record<string, keyof TValues> = {
  'branch.address': 'address',
  'branch.zip_code': 'zip_code',
  'branch.primary_phone': 'phone',
  'branch.name': 'company_name',
  'branch.state_id': 'zip_code',
  'branch.city_id': 'zip_code',
};
function toFormErrors(errors: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (typeof message !== 'string') continue;
    const field = FIELD_OF[key] ?? (key.startsWith('branch.') ? null : key);
    // No state or city means the ZIP was not found.
    const text = key === 'branch.state_id' || key === 'branch.city_id' ? INVALID_ZIP : message;
    if (field && !out[field]) out[field] = key.endsWith('zip_code') ? message : text;
  }
  return out;
}

/**
 * /register (the "Register as a Mover" target, also for helpers): a moving company registers
 * with its main branch and first staff user, or an individual helper around a ZIP code. Keeps
 * ?referral_code=. On success the new account is signed in and lands on its dashboard.
 */
export function RegisterPage() {
  const [params, setParams] = useSearchParams();
  const kind: TKind = params.get('type') === 'labor' ? 'labor' : 'mover';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useRegisterAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const [zip, setZip] = useState<TZipInfo | null>(null);

  const form = useForm<TValues>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      referral_code: params.get('referral_code')?.trim() ?? '',
      company_name: '',
      address: '',
      phone: '',
      zip_code: '',
    },
    // Async: a submit made before the checks have arrived waits for them. If they cannot be
    // downloaded the values pass here, and the submit reports the connection problem.
    validate: async (values) => {
      const c = await checks.get().catch(() => null);
      if (!c) return {};
      return kind === 'mover'
        ? toFormErrors(c.moverResolve(c.moverBody(values, zip)))
        : toFormErrors(c.laborResolve(c.laborBody(values)));
    },
  });
  usePreload(checks);

  async function lookUpZip(value: string) {
    form.setFieldValue('zip_code', value);
    setZip(null);
    if (value.length !== 5) return;
    const info = await fetchZipLocation(queryClient, value).catch(() => null);
    setZip(info);
    if (!info) form.setFieldError('zip_code', 'Invalid zip code');
  }

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const c = await checks.get();
      if (kind === 'mover') {
        const info = zip ?? (await fetchZipLocation(queryClient, values.zip_code).catch(() => null));
        await register.mutateAsync({ kind, body: c.moverBody(values, info) });
        navigate('/', { replace: true });
      } else {
        await register.mutateAsync({ kind, body: c.laborBody(values) });
        navigate('/labor-dashboard', { replace: true });
      }
    } catch (error) {
      const fields = kind === 'mover' ? MOVER_FIELDS : LABOR_FIELDS;
      const split = splitApiError(error, fields);
      form.setErrors(toFormErrors(split.fieldErrors));
      setFormError(split.formError);
    }
  });

  const switchKind = (next: string) => {
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set('type', next);
        return p;
      },
      { replace: true },
    );
    form.clearErrors();
    setFormError(null);
  };

  return (
    <AuthShell
      title={kind === 'mover' ? 'Register your moving company' : 'Join as a helper'}
      description={
        kind === 'mover'
          ? 'Get orders from customers near you. Add more locations, prices and your team later.'
          : 'Bid on deliveries around your ZIP code and get paid for each one.'
      }
      wide
    >
      <form onSubmit={submit} noValidate aria-label="Register">
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={kind}
            onChange={switchKind}
            aria-label="Register as"
            data={[
              { value: 'mover', label: 'Moving company' },
              { value: 'labor', label: 'Helper' },
            ]}
          />
          <FormAlert message={formError} />
          {kind === 'mover' ? (
            <TextInput
              label="Company name"
              withAsterisk
              autoComplete="organization"
              {...form.getInputProps('company_name')}
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First name"
              withAsterisk
              autoComplete="given-name"
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Last name"
              withAsterisk
              autoComplete="family-name"
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          <EmailInput withAsterisk {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PhoneInput
              label={kind === 'mover' ? 'Company phone' : 'Phone'}
              withAsterisk
              size="md"
              {...form.getInputProps('phone')}
              value={form.values.phone}
            />
            <ZipInput
              label={kind === 'mover' ? 'Main location zip code' : 'Zip code you work around'}
              withAsterisk
              size="md"
              {...form.getInputProps('zip_code')}
              value={form.values.zip_code}
              onChange={(v) => void lookUpZip(v)}
              description={zip ? `${zip.city_name}, ${zip.state_code}` : undefined}
            />
          </SimpleGrid>
          {kind === 'mover' ? (
            <TextInput
              label="Main location address"
              withAsterisk
              autoComplete="street-address"
              {...form.getInputProps('address')}
            />
          ) : null}
          <TextInput
            label="Referral code"
            description="Optional: the 7-character code someone shared with you"
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase', letterSpacing: '0.08em' } }}
            {...form.getInputProps('referral_code')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
            <Button type="submit" size="md" loading={register.isPending}>
              {kind === 'mover' ? 'Register company' : 'Register as helper'}
            </Button>
            <Button component={Link} to="/login" size="md" variant="default">
              Sign in
            </Button>
          </SimpleGrid>
          <Text size="xs" c="dimmed" ta="center">
            Booking a move? <Link to="/sign-up">Create a customer account</Link> instead.
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
