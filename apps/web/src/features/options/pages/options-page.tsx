import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /options: operating window, operating calendar and operating hours. */
export function OptionsPage() {
  return <PageUnderConstruction title="Options" area="operating options" />;
}
