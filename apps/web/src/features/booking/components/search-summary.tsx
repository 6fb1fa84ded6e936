import { SERVICE_TYPE_OPTIONS } from '@haulpro/shared/booking-options';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { dayjs } from '../../../lib/dayjs.ts';
import type { TSearchValues } from '../lib/search-query.ts';

/** The search in one line, with Edit (phones: the full form would fill the screen). */
export function SearchSummary({ values, onEdit }: { values: TSearchValues; onEdit: () => void }) {
  const service = SERVICE_TYPE_OPTIONS.find((o) => String(o.value) === values.type_service)?.label;
  const date = values.from_date ? dayjs(values.from_date).format('ddd, MMM D') : null;
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="search-summary">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={700} truncate>
          {values.from_zip} → {values.to_zip}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {[date, service].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <Button
        variant="light"
        leftSection={<IconPencil size={16} />}
        onClick={onEdit}
        style={{ flex: 'none' }}
      >
        Edit
      </Button>
    </Group>
  );
}
