import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { PasswordChangeForm } from '../../../components/password-change-form.tsx';
import { useSession } from '../../../lib/auth-store.ts';
import { ProfileForm } from '../components/profile-form.tsx';
import { SmsOptInSwitch } from '../components/sms-opt-in-switch.tsx';

/** /user-account: the customer's name, phone, picture, text reminders and password. */
export function AccountSettingsPage() {
  const { user } = useSession();
  return (
    <Container size="md" px={0}>
      <PageHeader title="Account settings" description="Your details and your password." />
      <Stack gap="lg">
        <Card p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            Personal information
          </Title>
          <ProfileForm key={user.id} user={user} />
        </Card>
        <Card p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            Text messages
          </Title>
          <SmsOptInSwitch user={user} />
        </Card>
        <Card p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg">
            Reset password
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Your other devices are signed out when the password changes.
          </Text>
          <PasswordChangeForm minLength={8} gateSave />
        </Card>
      </Stack>
    </Container>
  );
}
