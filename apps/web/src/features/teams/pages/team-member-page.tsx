import { useParams } from 'react-router';
import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /teams/:branchId/:crewId: a team member's form; crewId is the literal "new" when creating. */
export function TeamMemberPage() {
  const { crewId } = useParams();
  return (
    <PageUnderConstruction
      title={crewId === 'new' ? 'New team member' : 'Team member'}
      area="the team member form"
    />
  );
}
