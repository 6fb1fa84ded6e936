import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /teams/:branchId?: the member list of a branch. */
export function TeamsPage() {
  return <PageUnderConstruction title="Teams" area="your team" />;
}
