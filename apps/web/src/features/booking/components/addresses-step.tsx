import { MAX_ADDRESSES } from '@haulpro/shared/booking-options';
import { Alert, Button, Stack, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { newAddress, type TBookingDraft } from '../lib/booking-draft.ts';
import { AddressCard } from './address-card.tsx';
import { FormSection } from './form-section.tsx';
import { ItemPhotos } from './item-photos.tsx';

type TAddressesStepProps = {
  form: UseFormReturnType<TBookingDraft>;
  /** The live price's verdict on the addresses (an unknown ZIP), by field path. */
  quoteErrors?: Record<string, string>;
};

function firstError(errors: Record<string, unknown>, prefix: string): string | undefined {
  const key = Object.keys(errors).find((k) => k === prefix || k.startsWith(`${prefix}.`));
  const value = key ? errors[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Step 2, where: pickups and destinations (up to ten each), heavy or unique items and their photos. */
export function AddressesStep({ form, quoteErrors = {} }: TAddressesStepProps) {
  const { pickups, destinations, type_help } = form.values;
  const listError = (list: 'pickups' | 'destinations') => {
    const value = form.errors[list];
    return typeof value === 'string' ? value : undefined;
  };

  return (
    <Stack gap="xl">
      <FormSection title="Pickup" description="Where the crew starts: the place they load from.">
        {listError('pickups') ? (
          <Alert color="red" variant="light">
            {listError('pickups')}
          </Alert>
        ) : null}
        {pickups.map((a, i) => (
          <AddressCard
            key={a.key}
            form={form}
            list="pickups"
            index={i}
            zipError={quoteErrors[`pickups.${i}.zip_code`]}
            title={pickups.length > 1 ? `Pickup ${i + 1}` : 'Pickup address'}
            onRemove={pickups.length > 1 ? () => form.removeListItem('pickups', i) : undefined}
          />
        ))}
        {pickups.length < MAX_ADDRESSES ? (
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('pickups', newAddress())}
            style={{ alignSelf: 'flex-start' }}
          >
            Add another pickup
          </Button>
        ) : null}
      </FormSection>

      <FormSection
        title="Destination"
        description={
          type_help === 1
            ? 'Optional when you only need loading.'
            : 'Where the crew unloads. Add a stop for each address.'
        }
      >
        {listError('destinations') ? (
          <Alert color="red" variant="light">
            {listError('destinations')}
          </Alert>
        ) : null}
        {destinations.map((a, i) => (
          <AddressCard
            key={a.key}
            form={form}
            list="destinations"
            index={i}
            zipError={quoteErrors[`destinations.${i}.zip_code`]}
            title={destinations.length > 1 ? `Destination ${i + 1}` : 'Destination address'}
            onRemove={() => form.removeListItem('destinations', i)}
          />
        ))}
        {destinations.length < MAX_ADDRESSES ? (
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('destinations', newAddress())}
            style={{ alignSelf: 'flex-start' }}
          >
            {destinations.length === 0 ? 'Add a destination' : 'Add another destination'}
          </Button>
        ) : null}
      </FormSection>

      <FormSection
        title="Heavy or unique items"
        description="A piano, a safe, a gym set, artwork: tell the crew so they bring the right gear."
      >
        <Textarea
          size="md"
          label="Items"
          placeholder="e.g. Upright piano, 2 flights up; glass-top dining table"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1500}
          {...form.getInputProps('unique_items')}
        />
        <ItemPhotos
          photos={form.values.item_photos}
          onChange={(photos) => form.setFieldValue('item_photos', photos)}
          error={firstError(form.errors, 'item_photos')}
        />
      </FormSection>
    </Stack>
  );
}
