import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

type TLoadErrorProps = {
  /** "We couldn't load {what}". */
  what: string;
  error: Error | null;
  onRetry: () => void;
  retrying?: boolean;
};

/** A failed load: the server's message and Try again. */
export function LoadError({ what, error, onRetry, retrying = false }: TLoadErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={`We couldn't load ${what}`}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error?.message ?? 'Something went wrong. Please try again.'}</Text>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
          loading={retrying}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
