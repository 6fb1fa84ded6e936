import type { TOrderCrewMember } from '@haulpro/shared/crew';
import { Avatar, Group, Text } from '@mantine/core';
import { initials } from '../lib/crew.ts';

type TOrderCrewProps = {
  crew: TOrderCrewMember[];
  /** Without its own "Crew" label (inside a labelled field). */
  bare?: boolean;
};

/** The crew members staff assigned to an order: pictures (or initials) and names. */
export function OrderCrew({ crew, bare = false }: TOrderCrewProps) {
  return (
    <Group gap="xs" wrap="wrap" align="center" data-testid="order-crew" component="div">
      {bare ? null : (
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Crew
        </Text>
      )}
      {crew.map((c) => {
        const name = `${c.first_name} ${c.last_name}`;
        return (
          <Group key={c.id} gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={c.profile_picture} alt="" size={24} radius="xl" color="indigo" variant="light">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}
