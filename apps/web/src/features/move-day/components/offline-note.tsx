import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';

type TOfflineNoteProps = {
  /** Steps of this job still waiting to be sent. */
  waiting?: number;
  /** The page shows the copy saved on the phone, not a fresh answer. */
  stale?: boolean;
  showWhenOnline?: boolean;
};

const plural = (n: number) => `${n} ${n === 1 ? 'step' : 'steps'}`;

/**
 * What the crew must know about the network: offline (and what waits), or back online with
 * steps still on their way.
 */
export function OfflineNote({ waiting = 0, stale = false, showWhenOnline = true }: TOfflineNoteProps) {
  const { online } = useNetwork();
  if (online && (waiting === 0 || !showWhenOnline)) return null;
  const text = online
    ? `Sending ${plural(waiting)}…`
    : waiting > 0
      ? `Offline — ${plural(waiting)} waiting to send`
      : stale
        ? 'Offline — showing what this phone saved'
        : 'Offline — steps are kept on this phone and sent when the network is back';
  return (
    <Alert
      color={online ? 'blue' : 'orange'}
      variant="light"
      icon={online ? <IconCloudUpload size={20} /> : <IconWifiOff size={20} />}
      mb="md"
      role="status"
      data-testid="offline-note"
      styles={{ message: { color: 'var(--mantine-color-dark-8)', fontWeight: 600 } }}
    >
      {text}
    </Alert>
  );
}
