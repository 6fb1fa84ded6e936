import { LABOR_MAIL_EVENTS, type TLaborNotificationSettings } from '@haulpro/shared/account';
import { Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { SettingsTab } from '../../../components/settings-form.tsx';
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

function NotificationsForm({ userId, settings }: { userId: number; settings: TLaborNotificationSettings }) {
  const save = useSaveLaborNotifications(userId);
  const form = useForm<TLaborNotificationSettings>({ initialValues: settings });
  const submit = form.onSubmit(async (values) => {
    const saved = await save.mutateAsync(values).catch(() => null);
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
