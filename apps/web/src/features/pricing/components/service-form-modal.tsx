import { type TServicePrice, type TServicePriceInput, ZServicePriceInput } from '@haulpro/shared/pricing';
import { MINIMUM_HOURS, MOVER_SIZE, TRUCK_COUNT, type TServiceType } from '@haulpro/shared/pricing-constants';
import { Autocomplete, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FormFooter } from '../../../components/form-footer.tsx';
import { WholeNumberInput } from '../../../components/whole-number-input.tsx';
import { splitApiError } from '../../../lib/form-errors.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useCreateService } from '../api/create-service.ts';
import { SERVICE_FIELDS } from '../api/service-fields.ts';
import { useUpdateService } from '../api/update-service.ts';

type TServiceFormValues = {
  name: string;
  employees_count: number | string;
  minimum_hours: number | string;
  base_hourly_rate: number | string;
  charge_overtime: number | string;
  truck_size: string;
  truck_number: number | string;
};

const TRUCK_SIZES = ['10 ft', '12 ft', '15 ft', '16 ft', '20 ft', '24 ft', '26 ft'];
const RATE_REQUIRED = 'Enter the hourly rate';

export const SERVICE_TYPE_NAMES: Record<TServiceType, string> = {
  1: 'Helpers only',
  2: 'Helpers and trucks',
};

function initialValues(service: TServicePrice | null, serviceType: TServiceType): TServiceFormValues {
  if (!service) {
    return {
      name: '',
      employees_count: 2,
      minimum_hours: 2,
      base_hourly_rate: '',
      charge_overtime: '',
      truck_size: '',
      truck_number: serviceType === 2 ? 1 : '',
    };
  }
  return {
    name: service.name,
    employees_count: service.employees_count,
    minimum_hours: service.minimum_hours,
    base_hourly_rate: service.base_hourly_rate,
    charge_overtime: service.charge_overtime,
    truck_size: service.truck_size ?? '',
    truck_number: service.truck_number ?? '',
  };
}

function toInput(values: TServiceFormValues, serviceType: TServiceType): TServicePriceInput {
  const trucks = serviceType === 2;
  return {
    name: values.name,
    employees_count: values.employees_count,
    minimum_hours: values.minimum_hours,
    base_hourly_rate: values.base_hourly_rate,
    charge_overtime: values.charge_overtime === '' ? 0 : values.charge_overtime,
    service_type: serviceType,
    truck_size: trucks ? values.truck_size.trim() || null : null,
    truck_number: trucks ? (values.truck_number === '' ? null : Number(values.truck_number)) : null,
  };
}

type TServiceFormModalProps = {
  opened: boolean;
  onClose: () => void;
  branchId: number;
  serviceType: TServiceType;
  /** The service to edit, or null to add one. */
  service: TServicePrice | null;
};

/** Add or edit a service price (full screen on phones). */
export function ServiceFormModal({
  opened,
  onClose,
  branchId,
  serviceType,
  service,
}: TServiceFormModalProps) {
  const phone = usePhone();
  const title = service ? 'Edit service' : 'Add service';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={560}
      fullScreen={phone}
      title={
        <Stack gap={0}>
          <Text fw={700} fz="lg">
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {SERVICE_TYPE_NAMES[serviceType]}
          </Text>
        </Stack>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <ServiceForm
        key={`${service?.id ?? 'new'}-${serviceType}`}
        branchId={branchId}
        serviceType={serviceType}
        service={service}
        onDone={onClose}
      />
    </Modal>
  );
}

type TServiceFormProps = {
  branchId: number;
  serviceType: TServiceType;
  service: TServicePrice | null;
  onDone: () => void;
};

function ServiceForm({ branchId, serviceType, service, onDone }: TServiceFormProps) {
  const create = useCreateService();
  const update = useUpdateService();
  const trucks = serviceType === 2;
  const form = useForm<TServiceFormValues>({
    initialValues: initialValues(service, serviceType),
    validateInputOnBlur: true,
    validate: (values) => {
      const errors = schemaResolver(ZServicePriceInput, { sync: true })(toInput(values, serviceType));
      if (values.base_hourly_rate === '') errors.base_hourly_rate = RATE_REQUIRED;
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    const input = toInput(values, serviceType);
    try {
      if (service) await update.mutateAsync({ branchId, id: service.id, input });
      else await create.mutateAsync({ branchId, input });
      onDone();
    } catch (error) {
      form.setErrors(splitApiError(error, SERVICE_FIELDS).fieldErrors);
    }
  });

  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate aria-label={service ? 'Edit service' : 'Add service'}>
      <Stack gap="sm">
        <TextInput
          label="Service name"
          placeholder={trucks ? 'e.g. 2 movers and a 16 ft truck' : 'e.g. 2 movers'}
          withAsterisk
          size="sm"
          data-autofocus
          maxLength={60}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <WholeNumberInput
            label="Movers"
            description={`Crew size, ${MOVER_SIZE.min} to ${MOVER_SIZE.max}`}
            withAsterisk
            size="sm"
            min={MOVER_SIZE.min}
            max={MOVER_SIZE.max}
            {...form.getInputProps('employees_count')}
          />
          <WholeNumberInput
            label="Minimum hours"
            description={`Billed at least, ${MINIMUM_HOURS.min} to ${MINIMUM_HOURS.max}`}
            withAsterisk
            size="sm"
            min={MINIMUM_HOURS.min}
            max={MINIMUM_HOURS.max}
            {...form.getInputProps('minimum_hours')}
          />
          <WholeNumberInput
            label="Hourly rate"
            description="Whole dollars per hour, whole crew"
            withAsterisk
            size="sm"
            leftSection="$"
            min={0}
            {...form.getInputProps('base_hourly_rate')}
          />
          <WholeNumberInput
            label="Overtime rate"
            description="Per hour beyond the booking"
            size="sm"
            leftSection="$"
            min={0}
            placeholder="0"
            {...form.getInputProps('charge_overtime')}
          />
          {trucks ? (
            <>
              <Autocomplete
                label="Truck size"
                description="As customers see it"
                placeholder="e.g. 16 ft"
                withAsterisk
                size="sm"
                maxLength={30}
                data={TRUCK_SIZES}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('truck_size')}
              />
              <WholeNumberInput
                label="Trucks"
                description={`${TRUCK_COUNT.min} to ${TRUCK_COUNT.max}`}
                withAsterisk
                size="sm"
                min={TRUCK_COUNT.min}
                max={TRUCK_COUNT.max}
                {...form.getInputProps('truck_number')}
              />
            </>
          ) : null}
        </SimpleGrid>
      </Stack>
      <FormFooter
        mt="xl"
        onCancel={onDone}
        cancelDisabled={pending}
        submitLabel={service ? 'Save changes' : 'Add service'}
        submit={{ loading: pending }}
      />
    </form>
  );
}
