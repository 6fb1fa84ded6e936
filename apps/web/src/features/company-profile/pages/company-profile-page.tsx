import { IconPhoto, IconWallet } from '@tabler/icons-react';
import { BranchSettingsPage } from '../../../components/branch-settings-page.tsx';
import { useSession } from '../../../lib/auth-store.ts';
import { PaymentMethodsTab } from '../components/payment-methods-tab.tsx';
import { PhotosTab } from '../components/photos-tab.tsx';

const ICON = { size: 18, stroke: 1.7 } as const;

/**
 * /profile: branch info, introduction, photos, credentials and payment methods.
 * TEMPORARY (issue 14, helper B): only the Photos and Payment methods tabs, so they can be tried
 * and tested; helper A's page with every tab replaces this file.
 */
export function CompanyProfilePage() {
  const { company, user } = useSession();
  const companyId = company?.id ?? user.company_id ?? 0;
  return (
    <BranchSettingsPage
      title="Company profile"
      description="What customers see on your public page."
      what="Photos"
      emptyDescription="Your profile is kept per location. Add a location first."
      tabsLabel="Profile sections"
      tabs={({ id }) => [
        {
          value: 'photos',
          label: 'Photos',
          icon: <IconPhoto {...ICON} />,
          panel: () => <PhotosTab key={id} branchId={id} companyId={companyId} />,
        },
        {
          value: 'payments',
          label: 'Payment methods',
          icon: <IconWallet {...ICON} />,
          panel: () => <PaymentMethodsTab key={id} branchId={id} companyId={companyId} />,
        },
      ]}
    />
  );
}
