import { Group, Radio, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { DELIVERY_KINDS, isDeliveryKind, type TDeliveryKind } from '../lib/delivery-draft.ts';
import { TILE_LOOK } from './order-tile-look.ts';

type TDeliveryKindTilesProps = {
  value: TDeliveryKind | null;
  onChange: (kind: TDeliveryKind) => void;
};

/** The three delivery services of Start New Order (spec): which one shapes the form's hints. */
export function DeliveryKindTiles({ value, onChange }: TDeliveryKindTilesProps) {
  return (
    <Radio.Group
      value={value}
      onChange={(v) => {
        if (isDeliveryKind(v)) onChange(v);
      }}
      aria-label="What are we delivering?"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {DELIVERY_KINDS.map((kind) => {
          const look = TILE_LOOK[kind.key];
          const Icon = look.icon;
          return (
            <Radio.Card
              key={kind.key}
              value={kind.key}
              radius="md"
              p="md"
              data-testid={`delivery-kind-${kind.key}`}
            >
              <Group wrap="nowrap" gap="sm">
                <ThemeIcon size={44} radius="xl" variant="light" color={look.color} aria-hidden>
                  <Icon size={24} stroke={1.6} />
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={650} lh={1.3}>
                    {kind.label}
                  </Text>
                  <Text size="sm" c="dimmed" lh={1.35}>
                    {look.blurb}
                  </Text>
                </div>
                <Radio.Indicator />
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
