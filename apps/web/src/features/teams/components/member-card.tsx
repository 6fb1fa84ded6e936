import type { TCrew } from '@haulpro/shared/crew';
import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconSteeringWheel } from '@tabler/icons-react';
import { Link } from 'react-router';
import { initials } from '../../../lib/crew.ts';

/** A team member on the Team page: picture, name, type, driver, active or not, and View member. */
export function MemberCard({ member, branchId }: { member: TCrew; branchId: number }) {
  const name = `${member.first_name} ${member.last_name}`;
  return (
    <Card withBorder padding="md" data-testid="member-card" data-crew-id={member.id}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={member.profile_picture} alt="" size={56} radius="xl" color="indigo" variant="light">
          {initials(name)}
        </Avatar>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="member-name">
            {name}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge variant="light" color="gray" tt="none">
              {member.employee_type_label}
            </Badge>
            {member.is_driver ? (
              <Badge variant="light" color="blue" tt="none" leftSection={<IconSteeringWheel size={12} />}>
                Driver
              </Badge>
            ) : null}
            <Badge variant="light" color={member.is_active ? 'teal' : 'red'} tt="none">
              {member.is_active ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button
          component={Link}
          to={`/teams/${branchId}/${member.id}`}
          variant="light"
          size="xs"
          aria-label={`View member ${name}`}
        >
          View member
        </Button>
      </Group>
    </Card>
  );
}
