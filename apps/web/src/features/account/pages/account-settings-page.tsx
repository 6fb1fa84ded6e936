import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /user-account: the customer's name, phone, picture and password. */
export function AccountSettingsPage() {
  return <PageUnderConstruction title="Account settings" area="your account settings" />;
}
