import { ORDER_TILES, type TOrderTile } from '@haulpro/shared/booking-options';
import { Button, type ButtonProps, Card, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SideScroller } from '../../../components/side-scroller.tsx';
import classes from './booking.module.css';
import { OrderTileButton } from './order-tile-button.tsx';
import { DELIVERY_PATH, StartNewOrderModal } from './start-new-order-modal.tsx';

/** The "Start New Order" button: opens the modal of the nine tiles. */
export function StartNewOrderButton(props: ButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={18} />} {...props} onClick={() => setOpened(true)}>
        Start New Order
      </Button>
      <StartNewOrderModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/**
 * The new-order slider: the nine tiles in a row that scrolls sideways (arrows on wide
 * screens, a swipe on phones). Delivery tiles go to /delivery; the others open the search.
 */
export function StartNewOrderSlider() {
  const navigate = useNavigate();
  const [tile, setTile] = useState<TOrderTile | null>(null);

  function choose(next: TOrderTile) {
    if (next.target === 'delivery') navigate(`${DELIVERY_PATH}?type=${next.key}`);
    else setTile(next);
  }

  return (
    <Card padding="lg" px={{ base: 'sm', sm: 'lg' }} mb="lg" data-testid="start-new-order-slider">
      <Group justify="space-between" mb="sm" gap="xs">
        <div>
          <Title order={2} fz="lg">
            Start a new order
          </Title>
          <Text size="sm" c="dimmed">
            Pick a service to see available crews and prices.
          </Text>
        </div>
      </Group>
      <SideScroller scrollAmount={300} fadeColor="var(--mantine-color-white)">
        <Group gap="sm" wrap="nowrap" py={4} px={2} align="stretch">
          {ORDER_TILES.map((t) => (
            <OrderTileButton key={t.key} tile={t} onChoose={choose} className={classes.slideTile} />
          ))}
        </Group>
      </SideScroller>
      <StartNewOrderModal opened={tile !== null} onClose={() => setTile(null)} tile={tile} />
    </Card>
  );
}
