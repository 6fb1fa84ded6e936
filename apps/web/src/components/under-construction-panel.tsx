import { Card, EmptyState } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TUnderConstructionPanelProps = { area: string; children?: ReactNode };

/** The panel shown where a later piece of work will put the real content. */
export function UnderConstructionPanel({ area, children }: TUnderConstructionPanelProps) {
  return (
    <Card data-testid="under-construction" py={48}>
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconTools size={30} stroke={1.6} />}
        title="This page is being built"
        description={`We're putting the finishing touches on ${area}. It will appear here soon.`}
      >
        {children}
      </EmptyState>
    </Card>
  );
}
