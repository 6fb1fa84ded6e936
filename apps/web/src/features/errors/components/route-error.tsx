import { Button, Card, Center, EmptyState, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { usePageTitle } from '../../../components/use-page-title.ts';

/** A page's code could not be downloaded, typically because a new version was deployed meanwhile. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
      error.message,
    )
  );
}

/** What the routes' error boundary shows: a friendly panel with a way out instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  usePageTitle('Something went wrong');
  const chunk = isChunkLoadError(error);
  return (
    <Center mih="80vh" p="md">
      <Card maw={520} w="100%" py={48}>
        <EmptyState
          variant="light"
          color={chunk ? 'blue' : 'red'}
          size="lg"
          icon={chunk ? <IconRefresh size={30} /> : <IconAlertTriangle size={30} />}
          title={chunk ? 'A new version of Haulpro is available' : 'Something went wrong'}
          description={
            chunk
              ? 'Reload the page to get the latest version.'
              : 'An unexpected error stopped this page. Reloading usually helps.'
          }
        >
          <EmptyState.Actions>
            <Group justify="center">
              <Button onClick={() => window.location.reload()} leftSection={<IconRefresh size={16} />}>
                Reload
              </Button>
              <Button variant="default" onClick={() => window.location.assign('/')}>
                Home
              </Button>
            </Group>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    </Center>
  );
}
