import { CALENDAR_STATUSES } from '@haulpro/shared/calendar';
import { Chip, Group } from '@mantine/core';

type TStatusSwitchesProps = { value: readonly number[]; onChange: (statuses: number[]) => void };

/** The status switches (spec: new, accepted, completed, being rescheduled). */
export function StatusSwitches({ value, onChange }: TStatusSwitchesProps) {
  return (
    <Chip.Group
      multiple
      value={value.map(String)}
      onChange={(v) => onChange(CALENDAR_STATUSES.map((s) => s.status).filter((s) => v.includes(String(s))))}
    >
      <Group gap="xs" role="group" aria-label="Order statuses shown">
        {CALENDAR_STATUSES.map((s) => (
          <Chip
            key={s.key}
            value={String(s.status)}
            size="sm"
            variant="outline"
            wrapperProps={{ 'data-testid': `status-${s.key}` }}
          >
            {s.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
