import { Text } from '@mantine/core';
import { usePageTitle } from '../../../components/use-page-title.ts';

/** Spec: a placeholder page with only the text 'Earnings Page'. */
export function LaborEarningsPage() {
  usePageTitle('Earnings');
  return <Text>Earnings Page</Text>;
}
