import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** The spec's messages (error catalogue): "Copied successfully", "Error while is copying". */
export const COPY_MSG = { ok: 'Copied successfully', failed: 'Error while is copying' } as const;

type TCopyAddressButtonProps = { value: string; label: string };

/**
 * Copies an address and says whether it worked. Mantine's CopyButton only reports success, and
 * the spec has a message for the failure too (no clipboard permission, an insecure page), so
 * this waits for the Clipboard API's own answer.
 */
export function CopyAddressButton({ value, label }: TCopyAddressButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2000);
      notifications.show({ color: 'teal', message: COPY_MSG.ok });
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: COPY_MSG.failed });
    }
  }

  return (
    <Tooltip label={copied ? 'Copied' : label} withArrow position="left">
      <ActionIcon
        variant={copied ? 'filled' : 'light'}
        color={copied ? 'teal' : 'blue'}
        size="lg"
        onClick={copy}
        aria-label={label}
        data-testid="copy-destination"
      >
        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
