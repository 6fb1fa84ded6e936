import { Card, EmptyState } from '@mantine/core';
import {
  IconCalendarDollar,
  IconMapPinOff,
  IconPackages,
  IconReceipt,
  IconTruck,
  IconUsers,
} from '@tabler/icons-react';
import { BranchSelector } from '../../../components/branch-selector.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsBranchNote } from '../../../components/settings-branch-note.tsx';
import { SettingsTabs, type TSettingsTab } from '../../../components/settings-tabs.tsx';
import { useSettingsBranch } from '../../../lib/settings-branch.ts';
import { EquipmentTab } from '../components/equipment-tab.tsx';
import { OffersTab } from '../components/offers-tab.tsx';
import { PricePreview } from '../components/price-preview.tsx';
import { ServiceFeeTab } from '../components/service-fee-tab.tsx';
import { ServicesTab } from '../components/services-tab.tsx';

const ICON = { size: 18, stroke: 1.7 } as const;

/**
 * /pricing (spec: Pricing & Services): per branch, tabs Helpers Only, Helpers and Trucks,
 * Service Fee, Calendar and Equipment pricing, and a price preview of the saved settings.
 */
export function PricingPage() {
  const { branch, isFallback, timeZone } = useSettingsBranch();

  const header = (
    <PageHeader
      title="Pricing & Services"
      description="What your crews cost, per location."
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
            description="Prices are set per location. Add a location first."
          />
        </Card>
      </>
    );
  }

  const id = branch.id;
  const tabs: TSettingsTab[] = [
    {
      value: 'helpers-only',
      label: 'Helpers Only',
      icon: <IconUsers {...ICON} />,
      panel: () => <ServicesTab key={id} branchId={id} serviceType={1} />,
    },
    {
      value: 'helpers-and-trucks',
      label: 'Helpers and Trucks',
      icon: <IconTruck {...ICON} />,
      panel: () => <ServicesTab key={id} branchId={id} serviceType={2} />,
    },
    {
      value: 'service-fee',
      label: 'Service Fee',
      icon: <IconReceipt {...ICON} />,
      panel: () => <ServiceFeeTab key={id} branchId={id} />,
    },
    {
      value: 'calendar',
      label: 'Calendar',
      icon: <IconCalendarDollar {...ICON} />,
      panel: () => <OffersTab key={id} branchId={id} timeZone={timeZone} />,
    },
    {
      value: 'equipment',
      label: 'Equipment pricing',
      icon: <IconPackages {...ICON} />,
      panel: () => <EquipmentTab key={id} branchId={id} />,
    },
  ];

  return (
    <>
      {header}
      <SettingsBranchNote branch={branch} isFallback={isFallback} what="Prices" />
      <SettingsTabs tabs={tabs} label="Pricing sections" />
      <PricePreview key={id} branchId={id} branchZip={branch.zip_code} timeZone={timeZone} />
    </>
  );
}
