import { Card, EmptyState } from '@mantine/core';
import { IconCalendarOff, IconClockHour4, IconMapPinOff, IconWindow } from '@tabler/icons-react';
import { BranchSelector } from '../../../components/branch-selector.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsBranchNote } from '../../../components/settings-branch-note.tsx';
import { SettingsTabs, type TSettingsTab } from '../../../components/settings-tabs.tsx';
import { useSettingsBranch } from '../../../lib/settings-branch.ts';
import { OperatingCalendarTab } from '../components/operating-calendar-tab.tsx';
import { OperatingHoursTab } from '../components/operating-hours-tab.tsx';
import { OperatingWindowTab } from '../components/operating-window-tab.tsx';

const ICON = { size: 18, stroke: 1.7 } as const;

/**
 * /options (spec: Options): tabs Operating window (company-wide), Operating calendar
 * (blocked time) and Operating hours, with a location selector.
 */
export function OptionsPage() {
  const { branch, isFallback, timeZone } = useSettingsBranch();

  const header = (
    <PageHeader
      title="Options"
      description="When customers can book your crews."
      actions={<BranchSelector />}
    />
  );

  if (!branch) {
    return (
      <>
        {header}
        <Card py={48}>
          <EmptyState
            variant="light"
            size="lg"
            icon={<IconMapPinOff size={30} stroke={1.6} />}
            title="No locations yet"
            description="Hours and blocked time are set per location. Add a location first."
          />
        </Card>
      </>
    );
  }

  const id = branch.id;
  const tabs: TSettingsTab[] = [
    {
      value: 'window',
      label: 'Operating window',
      icon: <IconWindow {...ICON} />,
      panel: () => <OperatingWindowTab />,
    },
    {
      value: 'calendar',
      label: 'Operating calendar',
      icon: <IconCalendarOff {...ICON} />,
      panel: () => <OperatingCalendarTab key={id} branchId={id} timeZone={timeZone} />,
    },
    {
      value: 'hours',
      label: 'Operating hours',
      icon: <IconClockHour4 {...ICON} />,
      panel: () => <OperatingHoursTab key={id} branchId={id} />,
    },
  ];

  return (
    <>
      {header}
      <SettingsBranchNote branch={branch} isFallback={isFallback} what="Hours and blocked time" />
      <SettingsTabs tabs={tabs} label="Options sections" />
    </>
  );
}
