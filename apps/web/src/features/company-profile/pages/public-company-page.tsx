import { companyPageTitle } from '@haulpro/shared/navigation';
import { Grid, Stack } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublicBranch } from '../api/get-public-branch.ts';
import { CancellationPolicySection } from '../components/cancellation-policy-section.tsx';
import { CompanyHeader } from '../components/company-header.tsx';
import { CompanyStats } from '../components/company-stats.tsx';
import {
  CredentialsSection,
  FaqSection,
  OfferedServicesSection,
  PaymentMethodsSection,
  PhotosSection,
} from '../components/profile-fed-sections.tsx';
import {
  AboutSection,
  ReviewsSection,
  ServiceAreaSection,
  WorkingHoursSection,
} from '../components/profile-sections.tsx';
import { CompanyNotFound, PublicCompanySkeleton } from '../components/public-company-states.tsx';
import { ServicesSection } from '../components/services-section.tsx';

/**
 * /profile/:slug: the public page of a company, by branch slug. Open to everyone, signed in
 * or not (spec: Public profile).
 */
export function PublicCompanyPage() {
  const { slug = '' } = useParams();
  const query = usePublicBranch(slug);
  // The page renders from a deferred copy of the answer: React draws it in slices between other
  // work instead of one long task that holds a slow phone's main thread.
  const branch = useDeferredValue(query.data);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  usePageTitle(branch ? companyPageTitle(branch) : notFound ? 'Company not found' : 'Company');

  if (query.isPending || (query.data && !branch)) return <PublicCompanySkeleton />;
  if (notFound || slug === '') return <CompanyNotFound />;
  if (!branch) {
    return (
      <LoadError
        what="this company"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  return (
    <Stack gap="lg" data-testid="public-company" data-branch-id={branch.branch_id}>
      <CompanyHeader branch={branch} />
      <CompanyStats branch={branch} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <AboutSection text={branch.about_us} />
            <PhotosSection photos={branch.photos} companyName={branch.company_name} />
            <ServicesSection services={branch.services} />
            <ReviewsSection branch={branch} />
            <FaqSection answers={branch.answers} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg">
            <WorkingHoursSection days={branch.working_days} />
            <ServiceAreaSection branch={branch} />
            <OfferedServicesSection services={branch.selected_service} />
            <CredentialsSection credentials={branch.credentials} />
            <PaymentMethodsSection methods={branch.payment_methods} options={branch.payment_options} />
            <CancellationPolicySection tiers={branch.cancellation_policy} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
