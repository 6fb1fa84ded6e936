import { MAX_FLIGHTS, PROPERTY_TYPES, SEARCH_MSG } from '@haulpro/shared/booking-options';
import { ActionIcon, Card, Group, Select, SimpleGrid, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ZipInput } from '../../../components/zip-input.tsx';
import { fetchZipLocation } from '../../../lib/api/get-zip-location.ts';
import type { TBookingDraft } from '../lib/booking-draft.ts';

const FLIGHTS = Array.from({ length: MAX_FLIGHTS + 1 }, (_, n) => ({
  value: String(n),
  label: n === 0 ? 'No stairs' : n === 1 ? '1 flight' : `${n} flights`,
}));
const ZIP = /^\d{5}$/;

type TAddressCardProps = {
  form: UseFormReturnType<TBookingDraft>;
  list: 'pickups' | 'destinations';
  index: number;
  title: string;
  /** The server's word on this ZIP when the form has none (the live price could not use it). */
  zipError?: string | undefined;
  onRemove?: () => void;
};

/** One pickup or destination: street, city, state, ZIP, property type and flights of stairs. */
export function AddressCard({ form, list, index, title, zipError, onRemove }: TAddressCardProps) {
  const queryClient = useQueryClient();
  const path = `${list}.${index}` as const;
  const address = form.values[list][index];

  /** Fills city and state from the ZIP when they are still empty. */
  function fillFromZip(zip: string) {
    void fetchZipLocation(queryClient, zip)
      .then((info) => {
        const now = form.getValues()[list][index];
        if (!now || now.zip_code !== zip) return;
        // Spec: the ZIP is checked as soon as it has five digits.
        if (!info) {
          form.setFieldError(`${path}.zip_code`, SEARCH_MSG.invalidZip);
          return;
        }
        if (!now.city_or_town.trim()) form.setFieldValue(`${path}.city_or_town`, info.city_name);
        if (!now.state.trim()) form.setFieldValue(`${path}.state`, info.state_code);
      })
      .catch(() => undefined);
  }

  // The ZIP of the search arrives filled: so can its city and state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the first ZIP.
  useEffect(() => {
    if (address && ZIP.test(address.zip_code)) fillFromZip(address.zip_code);
  }, []);

  if (!address) return null;

  function changeZip(zip: string) {
    form.setFieldValue(`${path}.zip_code`, zip);
    if (ZIP.test(zip)) fillFromZip(zip);
  }

  return (
    <Card withBorder radius="md" padding="md" bg="gray.0" data-testid={`${list}-${index}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={650} size="sm">
          {title}
        </Text>
        {onRemove ? (
          <Tooltip label="Remove this address">
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${title}`}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Street address"
          withAsterisk
          placeholder="123 Main St, Apt 4"
          autoComplete="street-address"
          {...form.getInputProps(`${path}.address`)}
          style={{ gridColumn: '1 / -1' }}
        />
        <TextInput
          label="City"
          withAsterisk
          autoComplete="address-level2"
          {...form.getInputProps(`${path}.city_or_town`)}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="State"
            withAsterisk
            placeholder="CA"
            autoComplete="address-level1"
            {...form.getInputProps(`${path}.state`)}
          />
          <ZipInput
            label="ZIP"
            withAsterisk
            value={address.zip_code}
            onChange={changeZip}
            error={form.errors[`${path}.zip_code`] ?? zipError}
            size="md"
          />
        </SimpleGrid>
        <Select
          label="Property type"
          withAsterisk
          placeholder="Choose"
          data={[...PROPERTY_TYPES]}
          searchable
          comboboxProps={{ withinPortal: true }}
          size="md"
          {...form.getInputProps(`${path}.type_property`)}
        />
        <Select
          label="Flights of stairs"
          data={FLIGHTS}
          allowDeselect={false}
          value={String(address.flights_of_stairs)}
          onChange={(v) => form.setFieldValue(`${path}.flights_of_stairs`, Number(v ?? 0))}
          error={form.errors[`${path}.flights_of_stairs`]}
          comboboxProps={{ withinPortal: true }}
          size="md"
        />
      </SimpleGrid>
    </Card>
  );
}
