import { IconCalendarOff, IconClockHour4, IconReceiptRefund, IconWindow } from '@tabler/icons-react';
import { BranchSettingsPage } from '../../../components/branch-settings-page.tsx';
import { CancellationPolicyTab } from '../components/cancellation-policy-tab.tsx';
import { OperatingCalendarTab } from '../components/operating-calendar-tab.tsx';
import { OperatingHoursTab } from '../components/operating-hours-tab.tsx';
import { OperatingWindowTab } from '../components/operating-window-tab.tsx';

const ICON = { size: 18, stroke: 1.7 } as const;

/**
 * /options (spec: Options): tabs Operating window (company-wide), Operating calendar
 * (blocked time), Operating hours, and the Cancellation policy (company-wide, decision 029), with
 * a location selector.
 */
export function OptionsPage() {
  return (
    <BranchSettingsPage
      title="Options"
      description="When customers can book your crews."
      what="Hours and blocked time"
      emptyDescription="Hours and blocked time are set per location. Add a location first."
      tabsLabel="Options sections"
      tabs={({ id }, timeZone) => [
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
        {
          value: 'cancellation',
          label: 'Cancellation policy',
          icon: <IconReceiptRefund {...ICON} />,
          panel: () => <CancellationPolicyTab />,
        },
      ]}
    />
  );
}
