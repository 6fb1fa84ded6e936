import { IconCircleCheck, IconGavel } from '@tabler/icons-react';
import { useState } from 'react';
import { CardTabs } from '../../../components/card-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { UnderConstructionPanel } from '../../../components/under-construction-panel.tsx';
import { useSession } from '../../../lib/auth-store.ts';

/** The helper's home (Orders): new biddings and accepted deliveries. */
export function LaborDashboardPage() {
  const { user } = useSession();
  const [tab, setTab] = useState<string>('new');
  return (
    <>
      <PageHeader
        title={`Welcome, ${user.first_name}!`}
        description="Bid on new deliveries near you and keep track of the jobs you've accepted."
      />
      <CardTabs
        tabs={[
          { value: 'new', label: 'New biddings', icon: <IconGavel size={18} /> },
          { value: 'accepted', label: 'Accepted', icon: <IconCircleCheck size={18} /> },
        ]}
        value={tab}
        onChange={(value) => setTab(value ?? 'new')}
      />
      <UnderConstructionPanel area={tab === 'new' ? 'new biddings' : 'your accepted deliveries'} />
    </>
  );
}
