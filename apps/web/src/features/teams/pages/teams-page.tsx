import { CREW_MSG } from '@haulpro/shared/crew';
import { Alert, Button, Card, EmptyState, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { BranchSelector } from '../../../components/branch-selector.tsx';
import { CardTabs } from '../../../components/card-tabs.tsx';
import { NoLocationsCard } from '../../../components/no-locations-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsBranchNote } from '../../../components/settings-branch-note.tsx';
import { useBranchCrews } from '../../../lib/api/branch-crews.ts';
import { MemberCard } from '../components/member-card.tsx';
import { TimesheetsPanel } from '../components/timesheets-panel.tsx';
import { useTeamBranch } from '../lib/team-branch.ts';

const GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

const TABS = [
  { value: 'members', label: 'Members', icon: <IconUsersGroup size={18} /> },
  { value: 'timesheets', label: 'Timesheets', icon: <IconClockHour4 size={18} /> },
] as const;

/** /teams/:branchId?: the member list of a branch (spec: Team). */
export function TeamsPage() {
  const { branch, isFallback } = useTeamBranch();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'timesheets' ? 'timesheets' : 'members';
  const team = useBranchCrews(branch && tab === 'members' ? branch.id : null);
  const add = branch ? (
    <Button component={Link} to={`/teams/${branch.id}/new`} leftSection={<IconUserPlus size={18} />}>
      Add new member
    </Button>
  ) : null;
  const header = (
    <PageHeader
      title="Team"
      description="Your crew members per location. Active members set how many jobs a location takes at once."
      actions={
        <>
          <BranchSelector />
          {add}
        </>
      }
    />
  );

  if (!branch) {
    return (
      <>
        {header}
        <NoLocationsCard description="Teams are kept per location. Add a location first." />
      </>
    );
  }

  const members = team.data?.data ?? [];
  return (
    <>
      {header}
      <SettingsBranchNote branch={branch} isFallback={isFallback} what="Teams" />
      <CardTabs
        tabs={TABS}
        value={tab}
        onChange={(v) => setParams(v === 'timesheets' ? { tab: 'timesheets' } : {}, { replace: true })}
      />
      {tab === 'timesheets' ? (
        <TimesheetsPanel key={branch.id} branchId={branch.id} />
      ) : team.isLoading ? (
        <SimpleGrid cols={GRID_COLS} spacing="lg" role="status" aria-label="Loading the team">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={132} radius="md" />
          ))}
        </SimpleGrid>
      ) : team.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          The team could not be loaded. Please try again.
        </Alert>
      ) : members.length === 0 ? (
        <Card py={48} data-testid="team-empty">
          <EmptyState
            variant="light"
            size="lg"
            icon={<IconUsersGroup size={30} stroke={1.6} />}
            title={CREW_MSG.emptyList}
            description="Add the people who go out on jobs from this location."
          >
            {add}
          </EmptyState>
        </Card>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm" data-testid="team-count">
            {members.filter((m) => m.is_active).length} active of {members.length}{' '}
            {members.length === 1 ? 'member' : 'members'} ·{' '}
            {members.filter((m) => m.is_active && m.is_driver).length} active drivers
          </Text>
          <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="team-grid">
            {members.map((m) => (
              <MemberCard key={m.id} member={m} branchId={branch.id} />
            ))}
          </SimpleGrid>
        </>
      )}
    </>
  );
}
