import { Card, Grid, Group, Skeleton, Stack } from '@mantine/core';

/** Three placeholder cards while the helper list loads. */
export function HelperListSkeleton() {
  return (
    <Stack
      gap="md"
      role="status"
      aria-busy="true"
      aria-label="Loading helpers"
      data-testid="helper-list-loading"
    >
      {[0, 1, 2].map((i) => (
        <Card key={i} padding="lg">
          <Grid gap="md" align="center">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Group gap="md" wrap="nowrap" align="flex-start">
                <Skeleton height={56} width={56} radius="md" style={{ flex: 'none' }} />
                <Stack gap={10} style={{ flex: 1 }}>
                  <Skeleton height={18} width="55%" />
                  <Skeleton height={12} width="35%" />
                  <Skeleton height={12} width="45%" />
                  <Group gap={6}>
                    <Skeleton height={20} width={90} radius="xl" />
                    <Skeleton height={20} width={140} radius="xl" />
                  </Group>
                </Stack>
              </Group>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap={8} align="flex-end">
                <Skeleton height={12} width={90} />
                <Skeleton height={28} width={140} />
                <Skeleton height={40} width="100%" />
              </Stack>
            </Grid.Col>
          </Grid>
        </Card>
      ))}
    </Stack>
  );
}
