import type { TBranch } from '@haulpro/shared/branch';
import { CARD_ADDRESS_MAX, cutText } from '@haulpro/shared/text';
import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconStarFilled, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LazyBranchCardMap } from '../../../components/maps/lazy-branch-card-map.tsx';

type TBranchCardProps = {
  branch: TBranch;
  onEdit: (branch: TBranch) => void;
  onDelete: (branch: TBranch) => void;
};

/**
 * A location card (spec: Locations): name (a star for the main branch), zip code, address
 * cut at 59 characters, state, city, first county and a map with the radius circle.
 */
export function BranchCard({ branch, onEdit, onDelete }: TBranchCardProps) {
  const county = branch.counties[0]?.name ?? '—';
  const address = cutText(branch.address, CARD_ADDRESS_MAX);
  return (
    <Card
      component="article"
      aria-label={branch.name}
      padding="lg"
      shadow="xs"
      data-testid="branch-card"
      data-branch-id={branch.id}
      data-main={branch.is_main || undefined}
    >
      <Card.Section withBorder>
        <LazyBranchCardMap
          name={branch.name}
          latitude={branch.latitude}
          longitude={branch.longitude}
          serviceArea={branch.service_area}
        />
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Group gap={8} wrap="nowrap" align="flex-start" justify="space-between">
          <Group gap={6} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            {branch.is_main ? (
              <Tooltip label="Main branch" withinPortal>
                <Box c="yellow.6" pt={3} style={{ flex: 'none', display: 'flex' }}>
                  <IconStarFilled size={18} aria-label="Main branch" role="img" />
                </Box>
              </Tooltip>
            ) : null}
            <Title order={2} fz="lg" lh={1.35} style={{ overflowWrap: 'anywhere' }} data-testid="branch-name">
              {branch.name}
            </Title>
          </Group>
          {branch.is_main ? (
            <Badge variant="light" color="yellow" style={{ flex: 'none' }}>
              Main
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" title={address === branch.address ? undefined : branch.address}>
          {address}
        </Text>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing={10}>
          <Field label="Zip code" testId="branch-zip">
            {branch.zip_code}
          </Field>
          <Field label="Service area" testId="branch-radius">
            {branch.service_area} km
          </Field>
          <Field label="State">{branch.state_name ?? '—'}</Field>
          <Field label="City">{branch.city_name ?? '—'}</Field>
          <Field label="County" wide>
            {county}
          </Field>
          <Field label="Phone" wide>
            {branch.primary_phone ?? '—'}
          </Field>
        </SimpleGrid>
      </Stack>
      <Group gap="xs" mt="lg" wrap="wrap">
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPencil size={16} />}
          onClick={() => onEdit(branch)}
          aria-label={`Edit ${branch.name}`}
        >
          Edit
        </Button>
        {branch.is_main ? null : (
          <Button
            variant="subtle"
            color="red"
            size="sm"
            leftSection={<IconTrash size={16} />}
            onClick={() => onDelete(branch)}
            aria-label={`Delete ${branch.name}`}
          >
            Delete
          </Button>
        )}
      </Group>
    </Card>
  );
}

type TFieldProps = { label: string; children: ReactNode; testId?: string; wide?: boolean };

function Field({ label, children, testId, wide = false }: TFieldProps) {
  return (
    <Box style={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </Box>
  );
}
