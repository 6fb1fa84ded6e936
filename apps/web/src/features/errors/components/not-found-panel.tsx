import { homePathFor } from '@haulpro/shared/navigation';
import { Button, Card, EmptyState } from '@mantine/core';
import { IconError404 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAuth } from '../../../lib/auth-store.ts';

/** Any address the route table does not know (also the error boundary's answer to a 404). */
export function NotFoundPanel() {
  usePageTitle('Page not found');
  const auth = useAuth();
  const home = auth.status === 'authenticated' ? homePathFor(auth.session.user.role) : '/login';
  return (
    <Card py={56} data-testid="not-found">
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconError404 size={32} stroke={1.6} />}
        title="Page not found"
        description="The page you're looking for doesn't exist or has moved."
      >
        <EmptyState.Actions>
          <Button component={Link} to={home}>
            {auth.status === 'authenticated' ? 'Go to your dashboard' : 'Go to sign in'}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
