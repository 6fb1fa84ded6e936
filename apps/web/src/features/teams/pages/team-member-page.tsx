import { CREW_MSG } from '@haulpro/shared/crew';
import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useMember } from '../api/get-member.ts';
import { useDeleteMember } from '../api/save-member.ts';
import { MemberForm } from '../components/member-form.tsx';
import { UpcomingJobs } from '../components/upcoming-jobs.tsx';
import { useTeamBranch } from '../lib/team-branch.ts';

/** /teams/:branchId/:crewId: a team member's form; crewId is the literal "new" when creating. */
export function TeamMemberPage() {
  const { crewId: rawId } = useParams();
  const navigate = useNavigate();
  const { branch } = useTeamBranch();
  const isNew = rawId === 'new';
  const asked = Number(rawId);
  const crewId = !isNew && Number.isInteger(asked) && asked > 0 ? asked : null;
  const branchId = branch?.id ?? 0;
  const member = useMember(branchId, branch ? crewId : null);
  const remove = useDeleteMember();
  const listPath = `/teams/${branchId}`;
  const name = member.data ? `${member.data.first_name} ${member.data.last_name}` : '';

  const back = (
    <Anchor component={Link} to={listPath} size="sm" fw={600}>
      <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Back to the team
    </Anchor>
  );
  const header = (
    <PageHeader
      title={isNew ? 'New team member' : name || 'Team member'}
      description={branch ? branch.name : undefined}
      actions={back}
    />
  );

  if (!branch || (!isNew && (crewId === null || member.isError))) {
    return (
      <>
        {header}
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          This team member was not found.
        </Alert>
      </>
    );
  }
  if (!isNew && !member.data) {
    return (
      <>
        {header}
        <Skeleton height={420} radius="md" role="status" aria-label="Loading the member" />
      </>
    );
  }

  const onDelete = member.data
    ? () =>
        confirmDelete({
          title: 'Delete member',
          question: CREW_MSG.deleteConfirm,
          onConfirm: () =>
            remove.mutate(
              { branchId, crewId: member.data!.id },
              { onSuccess: () => navigate(listPath, { replace: true }) },
            ),
        })
    : undefined;

  return (
    <>
      {header}
      <Stack gap="lg">
        <MemberForm
          key={member.data?.id ?? 'new'}
          branchId={branchId}
          member={member.data ?? null}
          onSaved={() => {
            if (isNew) navigate(listPath);
          }}
          onDelete={onDelete}
          deleting={remove.isPending}
        />
        {member.data ? <UpcomingJobs jobs={member.data.upcoming_jobs} /> : null}
      </Stack>
    </>
  );
}
