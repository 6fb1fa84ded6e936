import { ORDER_TILES, type TOrderTile } from '@haulpro/shared/booking-options';
import { helperListUrl } from '@haulpro/shared/navigation';
import { ActionIcon, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { EMPTY_SEARCH, searchToWire, type TSearchValues } from '../lib/search-query.ts';
import { OrderSearchForm } from './order-search-form.tsx';
import { OrderTileButton } from './order-tile-button.tsx';
import { TILE_LOOK } from './order-tile-look.ts';

export const DELIVERY_PATH = '/delivery';

type TStartNewOrderModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Open straight on the search form of this tile (a slider tile was chosen). */
  tile?: TOrderTile | null;
};

/** The search form's first values for a tile: helpers only for labor tiles, commercial for business. */
export function searchForTile(tile: TOrderTile): TSearchValues {
  return {
    ...EMPTY_SEARCH,
    type_service: tile.helpersOnly ? '1' : null,
    type_moving: String(tile.typeMoving),
  };
}

/**
 * Start New Order: the nine tiles, then (for moving tiles) the search form. Delivery tiles go
 * to /delivery; a search goes to the helper list.
 */
export function StartNewOrderModal({ opened, onClose, tile = null }: TStartNewOrderModalProps) {
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 33.74em)') ?? false;
  const [chosen, setChosen] = useState<TOrderTile | null>(tile);

  useEffect(() => {
    if (opened) setChosen(tile);
  }, [opened, tile]);

  function choose(next: TOrderTile) {
    if (next.target === 'delivery') {
      onClose();
      navigate(`${DELIVERY_PATH}?type=${next.key}`);
      return;
    }
    setChosen(next);
  }

  function search(values: TSearchValues) {
    onClose();
    navigate(helperListUrl(searchToWire(values)));
  }

  const look = chosen ? TILE_LOOK[chosen.key] : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={chosen ? 640 : 760}
      fullScreen={phone}
      padding={phone ? 'md' : 'lg'}
      title={
        chosen && look ? (
          <Group gap="sm" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              radius="xl"
              size="lg"
              onClick={() => setChosen(null)}
              aria-label="Back to all services"
            >
              <IconArrowLeft size={20} />
            </ActionIcon>
            <ThemeIcon size={36} radius="xl" variant="light" color={look.color} aria-hidden>
              <look.icon size={20} stroke={1.7} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {chosen.label}
            </Title>
          </Group>
        ) : (
          <Title order={2} fz="xl">
            Start New Order
          </Title>
        )
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="start-new-order-modal"
    >
      {chosen ? (
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            Tell us where and when. We'll show you the crews available, with prices up front.
          </Text>
          <OrderSearchForm key={chosen.key} initialValues={searchForTile(chosen)} onSearch={search} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            What do you need help with?
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {ORDER_TILES.map((t) => (
              <OrderTileButton key={t.key} tile={t} onChoose={choose} withBlurb />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
