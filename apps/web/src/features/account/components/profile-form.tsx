import { ZUserUpdate } from '@haulpro/shared/auth';
import { NAME_MAX } from '@haulpro/shared/constants';
import type { TUser } from '@haulpro/shared/user';
import { Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { ImageCropInput } from '../../../components/image-crop-input.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { SettingsFooter, settingsSubmit } from '../../../components/settings-form.tsx';
import { splitApiError } from '../../../lib/form-errors.ts';
import { USER_FIELDS, useUpdateUser } from '../api/update-user.ts';

type TValues = { first_name: string; last_name: string; phone: string };
const fromUser = (u: TUser): TValues => ({
  first_name: u.first_name,
  last_name: u.last_name,
  phone: u.phone ?? '',
});

const FIELDS = ['first_name', 'last_name', 'phone'] as const;
const validate = schemaResolver(ZUserUpdate, { sync: true });

/** The customer's name and phone (masked), the e-mail read-only, and the picture (saved at once). */
export function ProfileForm({ user }: { user: TUser }) {
  const save = useUpdateUser(user.id);
  const form = useForm<TValues>({
    initialValues: fromUser(user),
    validateInputOnBlur: true,
    // An empty phone is "no phone" (null); the mask's format is checked otherwise.
    validate: (values) => validate({ ...values, phone: values.phone || null }),
  });
  const submit = settingsSubmit(form, FIELDS, async (values) =>
    fromUser(await save.mutateAsync({ ...values, phone: values.phone || null })),
  );

  return (
    <Stack gap="xl">
      <PictureField user={user} />
      <form onSubmit={submit} noValidate aria-label="Personal information">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
            <TextInput
              label="First name"
              withAsterisk
              autoComplete="given-name"
              maxLength={NAME_MAX + 20}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Last name"
              withAsterisk
              autoComplete="family-name"
              maxLength={NAME_MAX + 20}
              {...form.getInputProps('last_name')}
            />
            <PhoneInput label="Phone" size="md" {...form.getInputProps('phone')} value={form.values.phone} />
            <TextInput
              label="Email"
              value={user.email}
              readOnly
              variant="filled"
              description="Your sign-in address; it cannot be changed here."
            />
          </SimpleGrid>
          <SettingsFooter form={form} saving={save.isPending} />
        </Stack>
      </form>
    </Stack>
  );
}

/** The picture: picked, cropped square (the shared image rules), then saved at once. */
function PictureField({ user }: { user: TUser }) {
  const save = useUpdateUser(user.id);
  const [error, setError] = useState<string | null>(null);
  async function upload(image: string) {
    setError(null);
    try {
      await save.mutateAsync({ image });
    } catch (e) {
      setError(splitApiError(e, USER_FIELDS).fieldErrors.image ?? null);
    }
  }
  return (
    <Group gap="md" align="flex-start">
      <Stack gap={4}>
        <ImageCropInput
          label="Profile picture"
          value={user.image}
          onChange={(dataUrl) => void upload(dataUrl)}
          buttonLabel={user.image ? 'Change picture' : 'Upload image'}
          disabled={save.isPending}
          round
        />
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
