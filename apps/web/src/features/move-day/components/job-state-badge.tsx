import { JOB_STATE_LABELS, type TJobState } from '@haulpro/shared/move-day';
import { Badge } from '@mantine/core';

// Dark shades: the badge's white text reads at AA on each (a badge has no hover shade).
const COLORS: Record<TJobState, string> = {
  not_started: 'gray.7',
  on_the_way: 'blue.8',
  arrived: 'indigo.8',
  working: 'teal.9',
  on_break: 'orange.9',
  finished: 'grape.8',
};

/** The job's state in words both sides read (JOB_STATE_LABELS). */
export function JobStateBadge({ state, size = 'md' }: { state: TJobState; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={COLORS[state]}
      size={size}
      variant="filled"
      data-testid="job-state"
      style={{ flexShrink: 0 }}
    >
      {JOB_STATE_LABELS[state]}
    </Badge>
  );
}
