import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /profile: branch info, introduction, photos, credentials and payment methods. */
export function CompanyProfilePage() {
  return <PageUnderConstruction title="Company profile" area="your company profile" />;
}
