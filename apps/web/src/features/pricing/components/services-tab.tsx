import type { TServicePrice } from '@haulpro/shared/pricing';
import type { TServiceType } from '@haulpro/shared/pricing-constants';
import {
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTruck, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { EditDeleteActions } from '../../../components/edit-delete-actions.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { usePhone } from '../../../lib/use-phone.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { useServices } from '../api/list-services.ts';
import { SERVICE_TYPE_NAMES, ServiceFormModal } from './service-form-modal.tsx';

type TServicesTabProps = { branchId: number; serviceType: TServiceType };

type TFormState = { opened: boolean; service: TServicePrice | null };

const money = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

/** Helpers Only / Helpers and Trucks: the branch's service prices of one type. */
export function ServicesTab({ branchId, serviceType }: TServicesTabProps) {
  const services = useServices(branchId);
  const remove = useDeleteService();
  const phone = usePhone();
  const [form, setForm] = useState<TFormState>({ opened: false, service: null });
  const trucks = serviceType === 2;
  const list = services.data ? (trucks ? services.data.helpers_and_trucks : services.data.helpers_only) : [];

  function askDelete(service: TServicePrice) {
    confirmDelete({
      title: 'Delete service',
      question: 'Do you really want to delete this service?',
      onConfirm: () => remove.mutate({ branchId, id: service.id }),
    });
  }

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, service: null })}>
      Add service
    </Button>
  );

  const actions = (service: TServicePrice) => (
    <EditDeleteActions
      what={service.name}
      size="lg"
      gap={4}
      justify="flex-end"
      onEdit={() => setForm({ opened: true, service })}
      onDelete={() => askDelete(service)}
    />
  );

  let body: ReactNode;
  if (services.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading services">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  } else if (services.isError) {
    body = (
      <LoadError
        what="the services"
        error={services.error}
        onRetry={() => void services.refetch()}
        retrying={services.isFetching}
      />
    );
  } else if (list.length === 0) {
    body = (
      <Card py={40} withBorder={false} bg="gray.0">
        <EmptyState
          variant="light"
          size="lg"
          icon={trucks ? <IconTruck size={30} stroke={1.6} /> : <IconUsers size={30} stroke={1.6} />}
          title={trucks ? 'No helpers and trucks services yet' : 'No helpers-only services yet'}
          description={
            trucks
              ? 'Add a crew with its trucks and hourly rate, e.g. 2 movers and a 16 ft truck.'
              : 'Add a crew size and its hourly rate, e.g. 2 movers at $100 an hour.'
          }
        >
          {addButton}
        </EmptyState>
      </Card>
    );
  } else if (phone) {
    body = (
      <Stack gap="sm" data-testid="service-list">
        {list.map((service) => (
          <Card
            key={service.id}
            component="article"
            aria-label={service.name}
            padding="md"
            data-testid="service-item"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text fw={700} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {service.name}
              </Text>
              {actions(service)}
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="xs">
              <Field label="Movers">{service.employees_count}</Field>
              <Field label="Minimum hours">{service.minimum_hours}</Field>
              <Field label="Hourly rate">{money(service.base_hourly_rate)}</Field>
              <Field label="Overtime">{money(service.charge_overtime)}</Field>
              {trucks ? (
                <>
                  <Field label="Truck size">{service.truck_size ?? '—'}</Field>
                  <Field label="Trucks">{service.truck_number ?? '—'}</Field>
                </>
              ) : null}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={trucks ? 760 : 600}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="service-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th ta="right">Movers</Table.Th>
              <Table.Th ta="right">Minimum hours</Table.Th>
              <Table.Th ta="right">Hourly rate</Table.Th>
              <Table.Th ta="right">Overtime</Table.Th>
              {trucks ? (
                <>
                  <Table.Th>Truck size</Table.Th>
                  <Table.Th ta="right">Trucks</Table.Th>
                </>
              ) : null}
              <Table.Th w={100}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((service) => (
              <Table.Tr key={service.id} aria-label={service.name} data-testid="service-item">
                <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {service.name}
                </Table.Td>
                <Table.Td ta="right">{service.employees_count}</Table.Td>
                <Table.Td ta="right">{service.minimum_hours}</Table.Td>
                <Table.Td ta="right">{money(service.base_hourly_rate)}/h</Table.Td>
                <Table.Td ta="right">{money(service.charge_overtime)}/h</Table.Td>
                {trucks ? (
                  <>
                    <Table.Td>{service.truck_size ?? '—'}</Table.Td>
                    <Table.Td ta="right">{service.truck_number ?? '—'}</Table.Td>
                  </>
                ) : null}
                <Table.Td>{actions(service)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={2} fz="lg">
            {SERVICE_TYPE_NAMES[serviceType]}
          </Title>
          <Text size="sm" c="dimmed">
            {trucks
              ? 'Crews that come with trucks. Customers pay the hourly rate for at least the minimum hours.'
              : 'Crews without a truck. Customers pay the hourly rate for at least the minimum hours.'}
          </Text>
        </Stack>
        {list.length > 0 ? addButton : null}
      </Group>
      {body}
      <ServiceFormModal
        opened={form.opened}
        onClose={() => setForm((f) => ({ ...f, opened: false }))}
        branchId={branchId}
        serviceType={serviceType}
        service={form.service}
      />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}
