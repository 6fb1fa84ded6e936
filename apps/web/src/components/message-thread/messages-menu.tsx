import type { TRole } from '@haulpro/shared/user';
import { ActionIcon, Box, Indicator, Menu, ScrollArea, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageCircleOff, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useRefreshUnread, useUnreadThreads } from '../../lib/api/messages.ts';
import { useLiveEvent } from '../../lib/live-bus.ts';
import type { TThreadAudience, TThreadTarget } from '../../lib/thread-target.ts';
import { ThreadModal } from './thread-modal.tsx';
import { threadTitle, useThreadParam } from './thread-param.ts';

export function audienceOf(role: TRole): TThreadAudience {
  if (role === 'customer') return 'customer';
  if (role === 'admin') return 'admin';
  return 'provider';
}

/**
 * The header's messages icon (customer, staff, labor): the unread total, a menu of the threads
 * with unread messages, and the one thread window of the page, which the address opens
 * (`?thread=order:12`: the cards' buttons, this menu, the e-mailed digests).
 */
export function MessagesMenu({ role }: { role: TRole }) {
  const [opened, setOpened] = useState(false);
  const { data } = useUnreadThreads(true);
  const refresh = useRefreshUnread();
  const thread = useThreadParam();
  const total = data?.total ?? 0;
  const threads = (data?.threads ?? []).filter((t) => t.unread > 0);

  useLiveEvent('message', () => void refresh());

  function targetOf(t: { order_id: number | null; delivery_id: number | null }): TThreadTarget | null {
    if (t.order_id !== null) return { kind: 'order', id: t.order_id };
    if (t.delivery_id !== null) return { kind: 'delivery', id: t.delivery_id };
    return null;
  }

  return (
    <>
      <Menu
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(20rem, calc(100vw - 1rem))"
        shadow="lg"
        radius="md"
        withinPortal
      >
        <Indicator
          label={<span data-testid="messages-count">{total > 99 ? '99+' : total}</span>}
          disabled={total === 0}
          size={18}
          offset={6}
          color="red"
          withBorder
        >
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              aria-label={total > 0 ? `Messages, ${total} unread` : 'Messages'}
              data-testid="messages-button"
            >
              <IconMessages size={22} stroke={1.7} />
            </ActionIcon>
          </Menu.Target>
        </Indicator>
        <Menu.Dropdown p={0} data-testid="messages-menu">
          <Text fw={700} size="sm" px="md" py="sm">
            Unread messages
          </Text>
          <Menu.Divider m={0} />
          {threads.length === 0 ? (
            <Stack align="center" gap={6} py="lg" px="md" data-testid="messages-empty">
              <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden>
                <IconMessageCircleOff size={22} />
              </ThemeIcon>
              <Text size="sm" c="gray.7" ta="center">
                No unread messages. Open a job's Messages to write to the other side.
              </Text>
            </Stack>
          ) : (
            <ScrollArea.Autosize mah={320} type="auto">
              <Box p={6}>
                {threads.map((t) => {
                  const target = targetOf(t);
                  if (!target) return null;
                  return (
                    <Menu.Item
                      key={`${target.kind}:${target.id}`}
                      onClick={() => thread.open(target)}
                      data-testid="messages-menu-item"
                      data-thread={`${target.kind}:${target.id}`}
                      leftSection={
                        <Box w={8} h={8} bg="blue.6" style={{ borderRadius: '50%' }} aria-hidden />
                      }
                    >
                      <Text size="sm" fw={600}>
                        {threadTitle(target)}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {t.unread} unread {t.unread === 1 ? 'message' : 'messages'}
                      </Text>
                    </Menu.Item>
                  );
                })}
              </Box>
            </ScrollArea.Autosize>
          )}
        </Menu.Dropdown>
      </Menu>
      <ThreadModal audience={audienceOf(role)} target={thread.target} onClose={thread.close} />
    </>
  );
}
