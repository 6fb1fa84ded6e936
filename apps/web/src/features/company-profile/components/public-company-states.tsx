import { Button, Card, EmptyState, Grid, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconBuildingStore, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

function SectionSkeleton({ lines = 3, height }: { lines?: number; height?: number }) {
  return (
    <Card padding="lg" radius="md" withBorder>
      <Group gap="sm" mb="md">
        <Skeleton height={32} width={32} radius="md" />
        <Skeleton height={16} width="40%" />
      </Group>
      {height ? (
        <Skeleton height={height} />
      ) : (
        <Stack gap={10}>
          {Array.from({ length: lines }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <Skeleton key={i} height={12} width={i === lines - 1 ? '60%' : '100%'} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The page's shape while the company loads. */
export function PublicCompanySkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading company" data-testid="company-loading">
      <Card padding="xl" radius="md" withBorder>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Skeleton height={72} width={72} radius="md" style={{ flex: 'none' }} />
          <Stack gap={10} style={{ flex: 1 }}>
            <Skeleton height={24} width="50%" />
            <Skeleton height={14} width="35%" />
            <Skeleton height={14} width="40%" />
          </Stack>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing={{ base: 'xs', sm: 'md' }}>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <SectionSkeleton lines={3} />
            <SectionSkeleton height={140} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg">
            <SectionSkeleton lines={7} />
            <SectionSkeleton height={220} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** An unknown (or removed) slug. */
export function CompanyNotFound() {
  return (
    <Card py={48} px={{ base: 'md', sm: 'xl' }} radius="md" withBorder data-testid="company-not-found">
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconBuildingStore size={30} stroke={1.6} />}
        title="We could not find this company"
        description="The link may be mistyped, or the company may have closed this location. Search by ZIP code to see the movers that serve your area."
      >
        <Group justify="center" mt="lg">
          <Button component={Link} to="/helper-list" leftSection={<IconSearch size={16} />}>
            Find movers near you
          </Button>
        </Group>
      </EmptyState>
    </Card>
  );
}
