import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /profile/:slug: the public page of a company, by branch slug. Open to everyone. */
export function PublicCompanyPage() {
  return <PageUnderConstruction title="Company page" area="the public company page" />;
}
