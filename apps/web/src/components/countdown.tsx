import { COUNTDOWN_TIME_ZONE } from '@haulpro/shared/constants';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { formatCountdown } from '@haulpro/shared/order-wire';
import { Group, Text } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Statuses that never show the countdown (spec: Rejected, Cancelled, Accepted). */
const HIDDEN_STATUSES: readonly number[] = [
  ORDER_STATUS.accepted,
  ORDER_STATUS.rejected,
  ORDER_STATUS.cancelled,
];

type TCountdownProps = {
  /** Seconds left until the order is rejected automatically (till_auto_reject), or null. */
  seconds: number | null;
  statusId: number;
  /** Customers never see it (spec: Countdown). */
  viewer: 'company' | 'customer';
};

/**
 * Time left until auto-reject, ticking every second (spec: Countdown). The server counts the
 * seconds against the deadline, which it keeps in America/Los_Angeles; here we only count down
 * from the moment the answer arrived, so the display never drifts with the browser's zone.
 * Nothing is shown at zero.
 */
export function Countdown({ seconds, statusId, viewer }: TCountdownProps) {
  const [left, setLeft] = useState(seconds ?? 0);
  const hidden = viewer === 'customer' || seconds === null || HIDDEN_STATUSES.includes(statusId);
  useEffect(() => {
    // A hidden countdown does not tick: a customer's list would otherwise re-render every second.
    if (hidden || seconds === null) return;
    const start = Date.now();
    setLeft(seconds);
    const timer = window.setInterval(() => {
      setLeft(Math.max(0, seconds - Math.floor((Date.now() - start) / 1000)));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, hidden]);

  if (hidden) return null;
  const text = formatCountdown(left);
  if (!text) return null;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      data-testid="order-countdown"
      title={`Time left to answer (${COUNTDOWN_TIME_ZONE})`}
    >
      <IconHourglassHigh size={16} color="var(--mantine-color-orange-6)" />
      <Text size="sm" c="red.9" fw={600} ff="monospace">
        {text}
      </Text>
    </Group>
  );
}
