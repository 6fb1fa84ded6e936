import { MAX_FLIGHTS, PROPERTY_TYPES, SEARCH_MSG } from '@haulpro/shared/booking-options';
import { Card, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ZipInput } from '../../../components/zip-input.tsx';
import { fetchZipLocation } from '../../../lib/api/get-zip-location.ts';
import type { TDeliveryDraft } from '../lib/delivery-draft.ts';

const FLIGHTS = Array.from({ length: MAX_FLIGHTS + 1 }, (_, n) => ({
  value: String(n),
  label: n === 0 ? 'No stairs' : n === 1 ? '1 flight' : `${n} flights`,
}));
const ZIP = /^\d{5}$/;
// The options mount when the list opens, not with the form: four lists of options, each with its
// scroll area and position, were most of the cost of drawing the delivery form on a slow phone.
const COMBOBOX = { withinPortal: true, keepMounted: false } as const;

type TDeliveryAddressCardProps = {
  form: UseFormReturnType<TDeliveryDraft>;
  which: 'pickup' | 'destination';
  errorOf: (path: string) => string | undefined;
  /** Extra fields under the address (the pickup's "inside a home"). */
  children?: ReactNode;
};

/**
 * The pickup or the destination: the moving booking's address card (street, city, state, ZIP,
 * property type, stairs) for the delivery form's single address of each kind.
 */
export function DeliveryAddressCard({ form, which, errorOf, children }: TDeliveryAddressCardProps) {
  const queryClient = useQueryClient();
  const address = form.values[which];

  /** Fills city and state from the ZIP when they are still empty. */
  function fillFromZip(zip: string) {
    void fetchZipLocation(queryClient, zip)
      .then((info) => {
        const now = form.getValues()[which];
        if (now.zip_code !== zip) return;
        // Spec: the ZIP is checked as soon as it has five digits.
        if (!info) {
          form.setFieldError(`${which}.zip_code`, SEARCH_MSG.invalidZip);
          return;
        }
        if (!now.city_or_town.trim()) form.setFieldValue(`${which}.city_or_town`, info.city_name);
        if (!now.state.trim()) form.setFieldValue(`${which}.state`, info.state_code);
      })
      .catch(() => undefined);
  }

  function changeZip(zip: string) {
    form.setFieldValue(`${which}.zip_code`, zip);
    if (ZIP.test(zip)) fillFromZip(zip);
  }

  const label = which === 'pickup' ? 'Pickup' : 'Destination';
  return (
    <Card withBorder radius="md" padding="md" bg="gray.0" data-testid={`delivery-${which}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Street address"
          withAsterisk
          size="md"
          placeholder="123 Main St, Apt 4"
          autoComplete={`section-${which} street-address`}
          {...form.getInputProps(`${which}.address`)}
          error={errorOf(`${which}.address`)}
          aria-label={`${label} street address`}
          style={{ gridColumn: '1 / -1' }}
        />
        <TextInput
          label="City"
          withAsterisk
          size="md"
          autoComplete={`section-${which} address-level2`}
          {...form.getInputProps(`${which}.city_or_town`)}
          error={errorOf(`${which}.city_or_town`)}
          aria-label={`${label} city`}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="State"
            withAsterisk
            size="md"
            placeholder="CA"
            autoComplete={`section-${which} address-level1`}
            {...form.getInputProps(`${which}.state`)}
            error={errorOf(`${which}.state`)}
            aria-label={`${label} state`}
          />
          <ZipInput
            label="ZIP"
            withAsterisk
            value={address.zip_code}
            onChange={changeZip}
            error={errorOf(`${which}.zip_code`)}
            aria-label={`${label} ZIP`}
            autoComplete={`section-${which} postal-code`}
            size="md"
          />
        </SimpleGrid>
        <Select
          label="Property type"
          withAsterisk
          placeholder="Choose"
          data={[...PROPERTY_TYPES]}
          searchable
          comboboxProps={COMBOBOX}
          size="md"
          {...form.getInputProps(`${which}.type_property`)}
          error={errorOf(`${which}.type_property`)}
          aria-label={`${label} property type`}
        />
        <Select
          label="Flights of stairs"
          data={FLIGHTS}
          allowDeselect={false}
          value={String(address.flights_of_stairs)}
          onChange={(v) => form.setFieldValue(`${which}.flights_of_stairs`, Number(v ?? 0))}
          error={errorOf(`${which}.flights_of_stairs`)}
          comboboxProps={COMBOBOX}
          size="md"
          aria-label={`${label} flights of stairs`}
        />
      </SimpleGrid>
      {children}
    </Card>
  );
}
