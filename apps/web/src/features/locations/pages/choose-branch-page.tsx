import { LOCATIONS_PATH } from '@haulpro/shared/navigation';
import { Card } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { LocationList } from '../../../components/location-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useActiveBranch } from '../../../lib/active-branch.ts';
import { useLiveBranches } from '../../../lib/company-branches.ts';

/** /choose-branch: the location list as a page, for phones; choosing goes back where the user was. */
export function ChooseBranchPage() {
  const { branchId, branches, select } = useActiveBranch();
  const navigate = useNavigate();
  const location = useLocation();
  useLiveBranches(true);

  return (
    <>
      <PageHeader title="Choose a branch" description="The pages you open next show this location." />
      <Card padding="md" maw={560}>
        <LocationList
          branches={branches}
          activeId={branchId}
          onSelect={(id) => {
            select(id);
            // Opened directly (no in-app history): go to the dashboard instead.
            if (location.key === 'default') navigate('/', { replace: true });
            else navigate(-1);
          }}
          onAddLocation={() => navigate(LOCATIONS_PATH)}
        />
      </Card>
    </>
  );
}
