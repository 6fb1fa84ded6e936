import { type TDiscount, type TDiscountInput, ZDiscountInput } from '@haulpro/shared/pricing';
import { offerLabel } from '@haulpro/shared/pricing-labels';
import { Badge, Group, Input, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import { WholeNumberInput } from '../../../components/whole-number-input.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { splitApiError } from '../../../lib/form-errors.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useCreateDiscount } from '../api/create-discount.ts';
import { useDeleteDiscount } from '../api/delete-discount.ts';
import { DISCOUNT_FIELDS } from '../api/discount-fields.ts';
import { useUpdateDiscount } from '../api/update-discount.ts';

type TOfferValues = {
  date: string | null;
  kind: 'discount' | 'surcharge';
  unit: 'percent' | 'dollars';
  value: number | string;
};

const VALUE_REQUIRED = 'Enter the amount';

function initialValues(date: string | null, offer: TDiscount | null): TOfferValues {
  if (!offer) return { date, kind: 'discount', unit: 'percent', value: '' };
  return {
    date: offer.date,
    kind: offer.is_discount ? 'discount' : 'surcharge',
    unit: offer.is_value_percentage ? 'percent' : 'dollars',
    value: offer.value,
  };
}

function toInput(v: TOfferValues): TDiscountInput {
  return {
    date: v.date ?? '',
    is_discount: v.kind === 'discount',
    is_value_percentage: v.unit === 'percent',
    value: v.value,
  };
}

export const OFFER_COLORS = { discount: 'green', surcharge: 'orange' } as const;

export function offerColor(offer: Pick<TDiscount, 'is_discount'>): string {
  return offer.is_discount ? OFFER_COLORS.discount : OFFER_COLORS.surcharge;
}

type TOfferFormModalProps = {
  opened: boolean;
  onClose: () => void;
  branchId: number;
  /** The date clicked (null: chosen in the form). */
  date: string | null;
  /** The offer on that date, to edit or delete; null to add one. */
  offer: TDiscount | null;
  /** The branch's today: new offers start today at the earliest. */
  today: string;
};

/** Add, edit or delete the discount or surcharge of a date. */
export function OfferFormModal({ opened, onClose, branchId, date, offer, today }: TOfferFormModalProps) {
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={480}
      fullScreen={phone}
      title={
        <Text fw={700} fz="lg">
          {offer ? 'Edit offer' : 'Add offer'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <OfferForm
        key={`${offer?.id ?? 'new'}-${date ?? ''}`}
        branchId={branchId}
        date={date}
        offer={offer}
        today={today}
        onDone={onClose}
      />
    </Modal>
  );
}

type TOfferFormProps = {
  branchId: number;
  date: string | null;
  offer: TDiscount | null;
  today: string;
  onDone: () => void;
};

function OfferForm({ branchId, date, offer, today, onDone }: TOfferFormProps) {
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const remove = useDeleteDiscount();
  const form = useForm<TOfferValues>({
    initialValues: initialValues(date, offer),
    validate: (values) => {
      const errors = schemaResolver(ZDiscountInput, { sync: true })(toInput(values));
      if (values.value === '') errors.value = VALUE_REQUIRED;
      return errors;
    },
  });
  const v = form.values;
  const preview =
    typeof v.value === 'number' && v.value > 0
      ? offerLabel({
          is_discount: v.kind === 'discount',
          is_value_percentage: v.unit === 'percent',
          value: v.value,
        })
      : null;

  const submit = form.onSubmit(async (values) => {
    const input = toInput(values);
    try {
      if (offer) await update.mutateAsync({ branchId, id: offer.id, input });
      else await create.mutateAsync({ branchId, input });
      onDone();
    } catch (error) {
      form.setErrors(splitApiError(error, DISCOUNT_FIELDS).fieldErrors);
    }
  });

  function askDelete() {
    if (!offer) return;
    confirmDelete({
      title: 'Delete offer',
      question: 'Do you want to really delete this offer?',
      onConfirm: () => remove.mutate({ branchId, id: offer.id }, { onSuccess: onDone }),
    });
  }

  const pending = create.isPending || update.isPending || remove.isPending;
  // An offer already in the past keeps its date selectable; new dates start today.
  const minDate = offer && offer.date < today ? offer.date : today;

  return (
    <form onSubmit={submit} noValidate aria-label={offer ? 'Edit offer' : 'Add offer'}>
      <Stack gap="md">
        <DatePickerInput
          label="Date"
          placeholder="Choose a date"
          valueFormat="dddd, MMMM D, YYYY"
          leftSection={<IconCalendar size={16} />}
          minDate={minDate}
          firstDayOfWeek={1}
          size="sm"
          withAsterisk
          popoverProps={{ withinPortal: true }}
          value={v.date}
          onChange={(value) => form.setFieldValue('date', value)}
          error={form.errors.date}
        />
        <Input.Wrapper
          label="Type"
          description={
            v.kind === 'discount'
              ? 'Lowers the price of moves on this date (never below zero).'
              : 'Raises the price of moves on this date.'
          }
          inputWrapperOrder={['label', 'input', 'description']}
          labelProps={{ id: 'offer-kind-label' }}
          size="sm"
        >
          <SegmentedControl
            fullWidth
            my={4}
            aria-labelledby="offer-kind-label"
            data={[
              { value: 'discount', label: 'Discount' },
              { value: 'surcharge', label: 'Surcharge' },
            ]}
            color={v.kind === 'discount' ? OFFER_COLORS.discount : OFFER_COLORS.surcharge}
            value={v.kind}
            onChange={(value) => form.setFieldValue('kind', value === 'surcharge' ? 'surcharge' : 'discount')}
          />
        </Input.Wrapper>
        <SimpleGrid cols={2} spacing="sm">
          <Input.Wrapper
            label="Amount in"
            description="Percent or dollars"
            labelProps={{ id: 'offer-unit-label' }}
            size="sm"
          >
            <SegmentedControl
              aria-labelledby="offer-unit-label"
              fullWidth
              mt={4}
              data={[
                { value: 'percent', label: '%' },
                { value: 'dollars', label: '$' },
              ]}
              value={v.unit}
              onChange={(value) => form.setFieldValue('unit', value === 'dollars' ? 'dollars' : 'percent')}
            />
          </Input.Wrapper>
          <WholeNumberInput
            label="Amount"
            withAsterisk
            size="sm"
            min={1}
            leftSection={v.unit === 'dollars' ? '$' : undefined}
            rightSection={v.unit === 'percent' ? '%' : undefined}
            description={v.unit === 'percent' ? '1 to 100' : 'Whole dollars'}
            {...form.getInputProps('value')}
          />
        </SimpleGrid>
        {preview && v.date ? (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {dayjs(v.date).format('MMM D')} will show
            </Text>
            <Badge
              color={v.kind === 'discount' ? OFFER_COLORS.discount : OFFER_COLORS.surcharge}
              variant="light"
            >
              {preview}
            </Badge>
          </Group>
        ) : null}
      </Stack>
      <FormFooter
        mt="xl"
        onDelete={offer ? askDelete : null}
        onCancel={onDone}
        cancelDisabled={pending}
        submitLabel={offer ? 'Save changes' : 'Add offer'}
        submit={{ loading: create.isPending || update.isPending }}
      />
    </form>
  );
}
