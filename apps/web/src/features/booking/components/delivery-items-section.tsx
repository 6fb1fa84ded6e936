import { DELIVERY_LIMITS, DELIVERY_MSG } from '@haulpro/shared/delivery-limits';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  type NumberInputProps,
  SimpleGrid,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { newItem, type TDeliveryDraft, type TDeliveryKind } from '../lib/delivery-draft.ts';

const NAME_HINT: Record<TDeliveryKind | 'none', string> = {
  store_delivery: 'e.g. Bookcase from the store',
  few_items: 'e.g. Sofa',
  used_item: 'e.g. Dresser from a marketplace seller',
  none: 'e.g. Sofa',
};

type TDeliveryItemsSectionProps = {
  form: UseFormReturnType<TDeliveryDraft>;
  errorOf: (path: string) => string | undefined;
};

/** One number of an item: whole pieces, pounds or feet. */
function ItemNumber(props: NumberInputProps) {
  return <NumberInput size="md" hideControls min={0} clampBehavior="none" {...props} />;
}

/** The items: name, quantity, weight (lbs, each) and size (ft); one to twenty rows (spec: Item). */
export function DeliveryItemsSection({ form, errorOf }: TDeliveryItemsSectionProps) {
  const { items, kind } = form.values;
  const listError = typeof form.errors.items === 'string' ? form.errors.items : undefined;
  const full = items.length >= DELIVERY_LIMITS.maxItems;

  return (
    <>
      {listError ? (
        <Alert color="red" variant="light" role="alert">
          {listError}
        </Alert>
      ) : null}
      {items.map((item, i) => {
        const path = `items.${i}` as const;
        const title = `Item ${i + 1}`;
        const field = (name: 'count' | 'weight' | 'height' | 'width' | 'length') => ({
          value: item[name],
          onChange: (v: number | string) =>
            form.setFieldValue(`${path}.${name}`, typeof v === 'number' ? v : ''),
          error: errorOf(`${path}.${name}`),
        });
        return (
          <Card key={item.key} withBorder radius="md" padding="md" bg="gray.0" data-testid={`item-${i}`}>
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={650} size="sm" component="h3">
                {title}
              </Text>
              {items.length > 1 ? (
                <Tooltip label="Remove this item">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => form.removeListItem('items', i)}
                    aria-label={`Remove ${title}`}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
              <TextInput
                label="Item name"
                withAsterisk
                size="md"
                placeholder={NAME_HINT[kind ?? 'none']}
                maxLength={120}
                {...form.getInputProps(`${path}.name`)}
                error={errorOf(`${path}.name`)}
                style={{ gridColumn: 'span 2' }}
              />
              <ItemNumber
                label="Quantity"
                withAsterisk
                allowDecimal={false}
                max={DELIVERY_LIMITS.maxCount}
                {...field('count')}
              />
              <ItemNumber
                label="Weight"
                suffix=" lbs"
                placeholder="lbs"
                withAsterisk
                decimalScale={1}
                max={DELIVERY_LIMITS.maxWeightLbs}
                {...field('weight')}
              />
              <ItemNumber
                label="Height"
                suffix=" ft"
                placeholder="ft"
                withAsterisk
                decimalScale={1}
                {...field('height')}
              />
              <ItemNumber
                label="Width"
                suffix=" ft"
                placeholder="ft"
                withAsterisk
                decimalScale={1}
                {...field('width')}
              />
              <ItemNumber
                label="Length"
                suffix=" ft"
                placeholder="ft"
                withAsterisk
                decimalScale={1}
                {...field('length')}
              />
            </SimpleGrid>
          </Card>
        );
      })}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('items', newItem())}
          disabled={full}
        >
          Add an item
        </Button>
        {full ? (
          <Text size="sm" c="dimmed">
            {DELIVERY_MSG.tooManyItems}
          </Text>
        ) : null}
      </Group>
    </>
  );
}
