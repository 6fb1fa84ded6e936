import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /choose-branch: the mobile branch picker. */
export function ChooseBranchPage() {
  return <PageUnderConstruction title="Choose a branch" area="the branch picker" />;
}
