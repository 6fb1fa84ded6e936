import { ORDER_TILES } from '@haulpro/shared/booking-options';
import { Button, Card, Flex, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { TILE_LOOK } from '../components/order-tile-look.ts';

const DELIVERY_TILES = ORDER_TILES.filter((t) => t.target === 'delivery');

/** /delivery: delivery booking (Store Delivery, Move a Few Items, Used Item Delivery) is coming soon. */
export function DeliveryPage() {
  usePageTitle('Delivery');
  return (
    <Card maw={860} mx="auto" padding="xl" px={{ base: 'md', sm: 'xl' }} data-testid="delivery-page">
      <Stack gap="lg">
        <Flex gap="md" direction={{ base: 'column', sm: 'row' }} align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light" color="grape" aria-hidden>
            <IconClockHour4 size={30} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              Delivery booking is coming soon
            </Title>
            <Text c="dimmed" mt={4}>
              Soon you'll be able to book a helper with a vehicle to bring things to your door. Until then,
              you can book a moving crew for any job that needs strong hands.
            </Text>
          </div>
        </Flex>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {DELIVERY_TILES.map((tile) => {
            const look = TILE_LOOK[tile.key];
            return (
              <Card key={tile.key} withBorder padding="md" radius="md" bg="gray.0">
                <ThemeIcon size={44} radius="xl" variant="light" color={look.color} aria-hidden>
                  <look.icon size={24} stroke={1.6} />
                </ThemeIcon>
                <Text fw={650} mt="sm">
                  {tile.label}
                </Text>
                <Text size="sm" c="dimmed">
                  {look.blurb}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
        <Group>
          <Button component={Link} to="/helper-list" size="md" rightSection={<IconArrowRight size={18} />}>
            Search moving helpers
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
