import { LABOR_MAIL_EVENTS, type TLaborNotificationSettingsView } from '@haulpro/shared/account';
import { Button, Divider, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { SettingsTab } from '../../../components/settings-form.tsx';
import { splitApiError } from '../../../lib/form-errors.ts';
import { useLaborNotifications, useSaveLaborNotifications } from '../api/labor-profile.ts';

/**
 * Notifications: which events also reach the helper by e-mail (the spec's form was not wired;
 * here it saves, and the server's notices honour it). The bell always shows them.
 */
export function NotificationsTab({ userId }: { userId: number }) {
  return (
    <SettingsTab
      query={useLaborNotifications(userId)}
      what="your notification settings"
      loadingLabel="Loading your notification settings"
      skeleton={[0, 1, 2].map((i) => <Skeleton key={i} h={56} />)}
    >
      {(settings) => <NotificationsForm userId={userId} settings={settings} />}
    </SettingsTab>
  );
}

function NotificationsForm({
  userId,
  settings,
}: {
  userId: number;
  settings: TLaborNotificationSettingsView;
}) {
  const save = useSaveLaborNotifications(userId);
  const form = useForm<TLaborNotificationSettingsView>({ initialValues: settings });
  const submit = form.onSubmit(async (values) => {
    const saved = await save.mutateAsync(values).catch((error: unknown) => {
      // Texts need a phone (Personal info): the server says so on the switch.
      const { fieldErrors } = splitApiError(error, ['sms'] as const);
      if (fieldErrors.sms) form.setFieldError('sms', fieldErrors.sms);
      return null;
    });
    if (saved) {
      form.setInitialValues(saved);
      form.resetDirty(saved);
    }
  });
  return (
    <form onSubmit={submit} aria-label="Notifications">
      <Stack gap="lg" maw={720}>
        <Text c="dimmed" size="sm">
          Choose what we also send to your e-mail. Everything always shows under the bell at the top.
        </Text>
        {LABOR_MAIL_EVENTS.map((event) => (
          <Switch
            key={event.key}
            size="md"
            label={event.label}
            description={event.description}
            {...form.getInputProps(event.key, { type: 'checkbox' })}
          />
        ))}
        <Divider />
        <Switch
          size="md"
          label="Text me reminders"
          description="The day before a delivery and when bidding is about to close, to the number in Personal info. Reply STOP to any text to stop them."
          {...form.getInputProps('sms', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
            disabled={!form.isDirty()}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
