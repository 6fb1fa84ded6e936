import type { TCancellationTier } from '@haulpro/shared/payouts';
import { IconReceiptRefund } from '@tabler/icons-react';
import { CancellationPolicyLines } from '../../../components/cancellation-policy-lines.tsx';
import { ProfileSection } from './profile-section.tsx';

/** The public company page's "Cancellation policy" card. */
export function CancellationPolicySection({ tiers }: { tiers: readonly TCancellationTier[] }) {
  return (
    <ProfileSection id="cancellation" title="Cancellation policy" icon={<IconReceiptRefund size={18} />}>
      <CancellationPolicyLines tiers={tiers} />
    </ProfileSection>
  );
}
