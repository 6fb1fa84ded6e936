import { useDocumentTitle } from '@mantine/hooks';

/** Sets the browser tab title to "{title} | Haulpro". */
export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} | Haulpro` : 'Haulpro');
}
