import type { TOrder } from '@haulpro/shared/order-wire';
import { showUpLabel } from '@haulpro/shared/order-wire';
import { Alert, Button, Group, Loader, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { formatOrderDate } from '../../../components/order-card.tsx';
import { useBranchCrews } from '../../../lib/api/branch-crews.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAssignCrew } from '../api/assign-crew.ts';

type TAssignCrewModalProps = { order: TOrder | null; onClose: () => void };

/**
 * Assign crew (decision 019): a multi-select of the active members of the order's branch, the
 * current crew chosen. The server refuses a member out on an overlapping job; its message shows
 * here.
 */
export function AssignCrewModal({ order, onClose }: TAssignCrewModalProps) {
  const team = useBranchCrews(order ? order.branch_id : null);
  const assign = useAssignCrew();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setChosen(order ? order.crew.map((c) => String(c.id)) : []);
    setError(null);
  }, [order]);

  const active = (team.data?.data ?? []).filter((m) => m.is_active);
  const options = active.map((m) => ({
    value: String(m.id),
    label: `${m.first_name} ${m.last_name}${m.is_driver ? ' (driver)' : ''}`,
  }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!order) return;
    setError(null);
    assign.mutate(
      { id: order.id, crew_ids: chosen.map(Number) },
      {
        onSuccess: onClose,
        onError: (err) =>
          setError(
            err instanceof ApiError ? (err.field('crew_ids') ?? err.message) : 'Something went wrong.',
          ),
      },
    );
  }

  return (
    <Modal opened={order !== null} onClose={onClose} title="Assign crew" centered>
      {order ? (
        <form onSubmit={submit} noValidate aria-label="Assign crew">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Order #{order.id} · {formatOrderDate(order.arrival_date)}, {showUpLabel(order.arrival_time)} ·{' '}
              {order.helpers_count} helpers, {order.hours_count} h
            </Text>
            {team.isLoading ? (
              <Group justify="center" py="md">
                <Loader size="sm" aria-label="Loading the team" />
              </Group>
            ) : active.length === 0 ? (
              <Alert color="gray" variant="light">
                This location has no active members yet. Add them on the Teams page.
              </Alert>
            ) : (
              <MultiSelect
                label="Crew members"
                placeholder={chosen.length ? undefined : 'Choose members'}
                data={options}
                value={chosen}
                onChange={setChosen}
                searchable
                clearable
                hidePickedOptions
                nothingFoundMessage="No such member"
                comboboxProps={{ withinPortal: true }}
                data-testid="assign-crew-select"
              />
            )}
            {error ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} />}
                data-testid="assign-crew-error"
              >
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={assign.isPending} disabled={active.length === 0}>
                Save crew
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
