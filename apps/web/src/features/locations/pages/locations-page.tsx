import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /locations: the company's branches, main branch first. */
export function LocationsPage() {
  return <PageUnderConstruction title="Locations" area="your branch locations" />;
}
