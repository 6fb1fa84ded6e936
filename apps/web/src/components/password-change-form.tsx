import { passwordChangeForm } from '@haulpro/shared/auth';
import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { PASSWORD_FIELDS, useUpdatePassword } from '../lib/api/update-password.ts';
import { splitApiError } from '../lib/form-errors.ts';

type TValues = { old_password: string; new_password: string; confirm_password: string };
const EMPTY: TValues = { old_password: '', new_password: '', confirm_password: '' };

/**
 * Old, new and confirm (PUT auth/update-password). The customer's form (spec: Save enabled only
 * when the old password is filled in and the new one equals the confirmation; hint at least 8
 * characters) and the labor user's (each required, at least 6, new equals confirm) differ only
 * in the length and in when Save is enabled. Other devices are signed out by the server.
 */
export function PasswordChangeForm({ minLength, gateSave }: { minLength: 6 | 8; gateSave: boolean }) {
  const save = useUpdatePassword();
  const form = useForm<TValues>({
    initialValues: EMPTY,
    validate: schemaResolver(passwordChangeForm(minLength), { sync: true }),
  });
  const v = form.values;
  const ready = v.old_password !== '' && v.new_password !== '' && v.new_password === v.confirm_password;

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ old_password: values.old_password, new_password: values.new_password });
      form.reset();
    } catch (error) {
      form.setErrors(splitApiError(error, PASSWORD_FIELDS).fieldErrors);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="md" maw={720}>
        <PasswordInput
          label="Old password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('old_password')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label="New password"
            description={`At least ${minLength} characters`}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            description="Type the new password again"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm_password')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconLock size={16} />}
            loading={save.isPending}
            disabled={gateSave && !ready}
          >
            Save password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
