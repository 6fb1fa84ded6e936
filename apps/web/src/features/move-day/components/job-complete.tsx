import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconFileTypePdf } from '@tabler/icons-react';
import { dayjs } from '../../../lib/dayjs.ts';

type TJobCompleteProps = {
  signedAt: string | null;
  timeZone: string;
  workOrderUrl: string | null;
};

/** The bill is signed: the order is Completed; the signed work order (PDF) is on the order. */
export function JobComplete({ signedAt, timeZone, workOrderUrl }: TJobCompleteProps) {
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={22} />} data-testid="job-complete">
      <Stack gap="sm" align="flex-start">
        <Text component="h2" fw={700} fz="lg" c="dark.8">
          Job complete
        </Text>
        <Text size="sm" c="dark.8">
          {`The customer signed the final bill${signedAt ? ` at ${dayjs(signedAt).tz(timeZone).format('h:mm A')}` : ''}. The work order was e-mailed to both sides.`}
        </Text>
        {workOrderUrl ? (
          <Button
            component="a"
            href={workOrderUrl}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconFileTypePdf size={18} />}
          >
            Work order (PDF)
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
