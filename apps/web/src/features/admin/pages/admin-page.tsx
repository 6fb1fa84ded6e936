import { Box, Tabs } from '@mantine/core';
import { IconClipboardCheck, IconScale } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ReconciliationPanel } from '../components/reconciliation-panel.tsx';
import { PayoutReviewsPage } from './payout-reviews-page.tsx';

type TAdminTab = 'reviews' | 'reconciliation';

/** Icons from the small breakpoint up: at 340 px the two labels alone fit on one line. */
function TabIcon({ icon: Icon }: { icon: typeof IconScale }) {
  return (
    <Box component="span" visibleFrom="sm" style={{ display: 'flex' }}>
      <Icon size={18} aria-hidden="true" />
    </Box>
  );
}

/** /admin: the payout reviews (the default tab) and the reconciliation of the money (?tab=reconciliation). */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab: TAdminTab = params.get('tab') === 'reconciliation' ? 'reconciliation' : 'reviews';

  function open(value: string | null) {
    // Each tab keeps its own query: switching starts the other one afresh.
    setParams(value === 'reconciliation' ? { tab: 'reconciliation' } : {});
  }

  return (
    <Tabs value={tab} onChange={open} variant="pills" keepMounted={false}>
      <Tabs.List mb="lg" aria-label="Admin sections" style={{ flexWrap: 'nowrap' }}>
        <Tabs.Tab value="reviews" leftSection={<TabIcon icon={IconClipboardCheck} />}>
          Payout reviews
        </Tabs.Tab>
        <Tabs.Tab value="reconciliation" leftSection={<TabIcon icon={IconScale} />}>
          Reconciliation
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="reviews">
        <PayoutReviewsPage />
      </Tabs.Panel>
      <Tabs.Panel value="reconciliation">
        <ReconciliationPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
