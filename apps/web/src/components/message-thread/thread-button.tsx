import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useUnreadOf } from '../../lib/api/messages.ts';
import type { TThreadTarget } from '../../lib/thread-target.ts';
import { useThreadParam } from './thread-param.ts';

type TThreadButtonProps = {
  target: TThreadTarget;
  size?: 'xs' | 'sm' | 'compact-sm';
  variant?: 'light' | 'subtle' | 'default';
};

/**
 * "Messages" with the thread's unread count: opens the thread through the address
 * (`?thread=order:12`), which the header's thread window reads.
 */
export function ThreadButton({ target, size = 'xs', variant = 'light' }: TThreadButtonProps) {
  const unread = useUnreadOf(target);
  const { open } = useThreadParam();
  return (
    <Button
      size={size}
      variant={variant}
      color="blue"
      leftSection={<IconMessages size={14} />}
      rightSection={
        unread > 0 ? (
          <Badge size="sm" color="red" variant="filled" circle={unread < 10} data-testid="thread-unread">
            {unread > 99 ? '99+' : unread}
            <VisuallyHidden> unread</VisuallyHidden>
          </Badge>
        ) : null
      }
      onClick={() => open(target)}
      data-testid="thread-button"
    >
      Messages
    </Button>
  );
}
