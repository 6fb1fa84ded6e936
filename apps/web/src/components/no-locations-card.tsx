import { Card, EmptyState } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';

/** What a per-location settings page shows before the company has a location. */
export function NoLocationsCard({ description }: { description: string }) {
  return (
    <Card py={48}>
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconMapPinOff size={30} stroke={1.6} />}
        title="No locations yet"
        description={description}
      />
    </Card>
  );
}
