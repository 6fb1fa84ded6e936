import { JOB_STEP_LABELS, type TJobEventType } from '@haulpro/shared/move-day';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';

const ETAS = [15, 30, 45, 60, 90] as const;
// Shades whose hover (the next shade, or 8 for 9) keeps white text at AA.
const COLOR: Partial<Record<TJobEventType, string>> = { break: 'gray.8', finish: 'grape.8' };

type TJobStepsProps = {
  /** The server's next steps (or, offline, the machine's). */
  steps: readonly TJobEventType[];
  busy: boolean;
  onStep: (type: TJobEventType, etaMinutes?: number) => void;
};

/** The next step buttons, only those the server allows; On my way first asks the ETA. */
export function JobSteps({ steps, busy, onStep }: TJobStepsProps) {
  const [askEta, setAskEta] = useState(false);
  if (steps.length === 0) return null;
  if (askEta) {
    return (
      <Card withBorder radius="md" padding="md" data-testid="eta-picker">
        <Stack gap="sm">
          <Text fw={600} id="eta-label">
            When will you get there?
          </Text>
          <Group gap="xs" role="group" aria-labelledby="eta-label">
            {ETAS.map((m) => (
              <Button
                key={m}
                variant="light"
                radius="xl"
                size="md"
                onClick={() => {
                  setAskEta(false);
                  onStep('on_my_way', m);
                }}
              >
                {m} min
              </Button>
            ))}
          </Group>
          <Button variant="subtle" onClick={() => setAskEta(false)}>
            Cancel
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="sm" data-testid="job-steps">
      {steps.map((type) => (
        <Button
          key={type}
          size="xl"
          fullWidth
          color={COLOR[type]}
          disabled={busy}
          onClick={() => (type === 'on_my_way' ? setAskEta(true) : onStep(type))}
        >
          {JOB_STEP_LABELS[type]}
        </Button>
      ))}
    </Stack>
  );
}
