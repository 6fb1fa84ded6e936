import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /labor-settings: personal info, password, notifications and account. */
export function LaborSettingsPage() {
  return <PageUnderConstruction title="Settings" area="your settings" />;
}
