import { Container } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconBuildingBank, IconLock, IconUser } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { PasswordChangeForm } from '../../../components/password-change-form.tsx';
import { PayoutAccountPanel } from '../../../components/payout-account/payout-account-panel.tsx';
import { SettingsTabs } from '../../../components/settings-tabs.tsx';
import { useSession } from '../../../lib/auth-store.ts';
import { DangerZoneTab } from '../components/danger-zone-tab.tsx';
import { NotificationsTab } from '../components/notifications-tab.tsx';
import { PersonalInfoTab } from '../components/personal-info-tab.tsx';

const ICON = { size: 18, stroke: 1.7 } as const;

/** /labor-settings (spec: Labor settings): Personal info, Reset password, Notifications, Payouts (the
 * payout account of card jobs), Danger zone. */
export function LaborSettingsPage() {
  const { user } = useSession();
  return (
    <Container size="lg" px={0}>
      <PageHeader
        title="Settings"
        description="Your helper profile, password, e-mails, payouts and account."
      />
      <SettingsTabs
        label="Settings sections"
        tabs={[
          {
            value: 'personal-info',
            label: 'Personal info',
            icon: <IconUser {...ICON} />,
            panel: () => <PersonalInfoTab userId={user.id} />,
          },
          {
            value: 'reset-password',
            label: 'Reset password',
            icon: <IconLock {...ICON} />,
            panel: () => <PasswordChangeForm minLength={6} gateSave={false} />,
          },
          {
            value: 'notifications',
            label: 'Notifications',
            icon: <IconBell {...ICON} />,
            panel: () => <NotificationsTab userId={user.id} />,
          },
          {
            value: 'payouts',
            label: 'Payouts',
            icon: <IconBuildingBank {...ICON} />,
            panel: () => <PayoutAccountPanel />,
          },
          {
            value: 'danger-zone',
            label: 'Danger zone',
            icon: <IconAlertTriangle {...ICON} />,
            panel: () => <DangerZoneTab userId={user.id} />,
          },
        ]}
      />
    </Container>
  );
}
