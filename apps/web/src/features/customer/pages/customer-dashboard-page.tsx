import { Button, Card, Tabs, Tooltip } from '@mantine/core';
import { IconArchive, IconClipboardList, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { UnderConstructionPanel } from '../../../components/under-construction-panel.tsx';
import { useSession } from '../../../lib/auth-store.ts';

/** The customer's home (My Orders): Active and Archive tabs, Invite a friend and Start New Order. */
export function CustomerDashboardPage() {
  const { user } = useSession();
  const [tab, setTab] = useState<string>('active');
  return (
    <>
      <PageHeader
        title={`Welcome, ${user.first_name}!`}
        description="Follow your moves and deliveries, and start a new one whenever you're ready."
        actions={
          <>
            <Button
              component={Link}
              to="/invite-friends"
              variant="default"
              leftSection={<IconUserPlus size={18} />}
            >
              Invite a friend
            </Button>
            <Tooltip label="Booking opens here soon" withArrow>
              <span>
                <Button leftSection={<IconPlus size={18} />} disabled style={{ pointerEvents: 'none' }}>
                  Start New Order
                </Button>
              </span>
            </Tooltip>
          </>
        }
      />
      <Card padding={0} mb="lg">
        <Tabs value={tab} onChange={(value) => setTab(value ?? 'active')}>
          <Tabs.List px={{ base: 0, sm: 'md' }} pt="xs">
            <Tabs.Tab
              value="active"
              leftSection={<IconClipboardList size={18} />}
              fz={{ base: 'sm', sm: 'md' }}
              py="md"
              px={{ base: 'sm', sm: 'md' }}
            >
              Active
            </Tabs.Tab>
            <Tabs.Tab
              value="archive"
              leftSection={<IconArchive size={18} />}
              fz={{ base: 'sm', sm: 'md' }}
              py="md"
              px={{ base: 'sm', sm: 'md' }}
            >
              Archive
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      </Card>
      <UnderConstructionPanel area={tab === 'active' ? 'your active orders' : 'your archived orders'} />
    </>
  );
}
