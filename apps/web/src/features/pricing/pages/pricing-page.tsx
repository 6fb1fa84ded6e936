import { IconCalendarDollar, IconPackages, IconReceipt, IconTruck, IconUsers } from '@tabler/icons-react';
import { BranchSettingsPage } from '../../../components/branch-settings-page.tsx';
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
  return (
    <BranchSettingsPage
      title="Pricing & Services"
      description="What your crews cost, per location."
      what="Prices"
      emptyDescription="Prices are set per location. Add a location first."
      tabsLabel="Pricing sections"
      tabs={({ id }, timeZone) => [
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
      ]}
      footer={(branch, timeZone) => (
        <PricePreview key={branch.id} branchId={branch.id} branchZip={branch.zip_code} timeZone={timeZone} />
      )}
    />
  );
}
