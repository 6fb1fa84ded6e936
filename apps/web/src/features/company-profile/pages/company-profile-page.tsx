import { Button } from '@mantine/core';
import {
  IconAddressBook,
  IconBuildingBank,
  IconCertificate,
  IconCreditCard,
  IconExternalLink,
  IconInfoCircle,
  IconPhoto,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { BranchSettingsPage } from '../../../components/branch-settings-page.tsx';
import { PayoutAccountPanel } from '../../../components/payout-account/payout-account-panel.tsx';
import { useSession } from '../../../lib/auth-store.ts';
import { BranchInfoTab } from '../components/branch-info-tab.tsx';
import { CredentialsTab } from '../components/credentials-tab.tsx';
import { IntroductionTab } from '../components/introduction-tab.tsx';
import { PaymentMethodsTab } from '../components/payment-methods-tab.tsx';
import { PhotosTab } from '../components/photos-tab.tsx';

const ICON = { size: 18, stroke: 1.7 } as const;

/**
 * /profile (spec: Profile): per location, tabs Branch info, Introduction, Photos, Credentials,
 * Payment methods and Get paid (the company's payout account), and a View as customer link to the location's public page.
 */
export function CompanyProfilePage() {
  const companyId = useSession().user.company_id ?? 0;
  return (
    <BranchSettingsPage
      title="Company profile"
      description="What customers see about each of your locations."
      what="Profile details"
      emptyDescription="Your profile is shown per location. Add a location first."
      tabsLabel="Profile sections"
      actions={(branch) => (
        <Button
          component={Link}
          to={`/profile/${branch.slug}`}
          variant="light"
          leftSection={<IconExternalLink size={16} />}
        >
          View as customer
        </Button>
      )}
      tabs={({ id }, timeZone) => [
        {
          value: 'branch-info',
          label: 'Branch info',
          icon: <IconAddressBook {...ICON} />,
          panel: () => <BranchInfoTab key={id} branchId={id} />,
        },
        {
          value: 'introduction',
          label: 'Introduction',
          icon: <IconInfoCircle {...ICON} />,
          panel: () => <IntroductionTab key={id} branchId={id} />,
        },
        {
          value: 'photos',
          label: 'Photos',
          icon: <IconPhoto {...ICON} />,
          panel: () => <PhotosTab key={id} branchId={id} companyId={companyId} />,
        },
        {
          value: 'credentials',
          label: 'Credentials',
          icon: <IconCertificate {...ICON} />,
          panel: () => <CredentialsTab key={id} branchId={id} timeZone={timeZone} />,
        },
        {
          value: 'payment-methods',
          label: 'Payment methods',
          icon: <IconCreditCard {...ICON} />,
          panel: () => <PaymentMethodsTab key={id} branchId={id} companyId={companyId} />,
        },
        {
          // Company-wide (not per location): where the money of card jobs goes.
          value: 'get-paid',
          label: 'Get paid',
          icon: <IconBuildingBank {...ICON} />,
          panel: () => (
            <PayoutAccountPanel note="One payout account for the whole company, whichever location is selected." />
          ),
        },
      ]}
    />
  );
}
