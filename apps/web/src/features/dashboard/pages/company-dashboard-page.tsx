import { Card, Group, Select, Tabs, Text } from '@mantine/core';
import { IconPackage, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/auth-store.ts';

const ALL_BRANCHES = 'all';

/**
 * The company dashboard (spec: Company dashboard and orders): Delivery and Moving tabs, a
 * branch selector defaulting to All Branches, and the active tab's orders below.
 */
export function CompanyDashboardPage() {
  const { company, branches } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [branch, setBranch] = useState<string>(ALL_BRANCHES);
  const tab = pathname.startsWith('/movings') ? 'movings' : 'deliveries';

  return (
    <>
      <PageHeader
        title="Active Orders"
        description={company ? `Orders for ${company.name}` : 'Orders for your company'}
        actions={
          <Select
            aria-label="Branch"
            data={[
              { value: ALL_BRANCHES, label: 'All Branches' },
              ...branches.map((b) => ({ value: String(b.id), label: b.name })),
            ]}
            value={branch}
            onChange={(value) => setBranch(value ?? ALL_BRANCHES)}
            allowDeselect={false}
            w={{ base: '100%', xs: 260 }}
            size="sm"
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
      <Card padding={0} mb="lg">
        <Tabs
          value={tab}
          onChange={(value) => value && navigate(`/${value}`)}
          variant="default"
          keepMounted={false}
        >
          <Tabs.List px={{ base: 0, sm: 'md' }} pt="xs">
            <Tabs.Tab
              value="deliveries"
              leftSection={<IconPackage size={18} />}
              fz={{ base: 'sm', sm: 'md' }}
              py="md"
              px={{ base: 'sm', sm: 'md' }}
            >
              Delivery
            </Tabs.Tab>
            <Tabs.Tab
              value="movings"
              leftSection={<IconTruck size={18} />}
              fz={{ base: 'sm', sm: 'md' }}
              py="md"
              px={{ base: 'sm', sm: 'md' }}
            >
              Moving
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Group px="lg" py="sm">
          <Text size="sm" c="dimmed">
            {branch === ALL_BRANCHES
              ? 'Showing every branch of your company.'
              : `Showing ${branches.find((b) => String(b.id) === branch)?.name ?? 'one branch'}.`}
          </Text>
        </Group>
      </Card>
      <Outlet />
    </>
  );
}
