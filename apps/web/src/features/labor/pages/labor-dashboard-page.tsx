import { Card, Tabs } from '@mantine/core';
import { IconCircleCheck, IconGavel } from '@tabler/icons-react';
import { useState } from 'react';
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
      <Card padding={0} mb="lg">
        <Tabs value={tab} onChange={(value) => setTab(value ?? 'new')}>
          <Tabs.List px={{ base: 0, sm: 'md' }} pt="xs">
            <Tabs.Tab
              value="new"
              leftSection={<IconGavel size={18} />}
              fz={{ base: 'sm', sm: 'md' }}
              py="md"
              px={{ base: 'sm', sm: 'md' }}
            >
              New biddings
            </Tabs.Tab>
            <Tabs.Tab
              value="accepted"
              leftSection={<IconCircleCheck size={18} />}
              fz={{ base: 'sm', sm: 'md' }}
              py="md"
              px={{ base: 'sm', sm: 'md' }}
            >
              Accepted
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      </Card>
      <UnderConstructionPanel area={tab === 'new' ? 'new biddings' : 'your accepted deliveries'} />
    </>
  );
}
