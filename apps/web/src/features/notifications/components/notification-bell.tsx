import { cutTitle, type TNotification } from '@haulpro/shared/notifications';
import {
  ActionIcon,
  Box,
  Center,
  Group,
  Indicator,
  Loader,
  Menu,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { dayjs } from '../../../lib/dayjs.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { useOpenNotification } from '../api/open-notification.ts';
import { useReadAllNotifications } from '../api/read-all-notifications.ts';

/**
 * The header bell (spec: Header): unread count, the latest notifications with titles cut
 * at 28 characters, opening one marks it read and follows its link, and mark all as read.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const { data, isPending } = useNotifications(true);
  const open = useOpenNotification();
  const readAll = useReadAllNotifications();
  const unread = data?.meta.unread_count ?? 0;
  const items = data?.data ?? [];

  async function follow(item: TNotification) {
    setOpened(false);
    try {
      await open.mutateAsync(item.id);
    } catch {
      return; // The API client has shown the error.
    }
    const link = item.data.link;
    if (!link) return;
    if (link.startsWith('/')) navigate(link);
    else if (/^https?:\/\//.test(link)) window.location.assign(link);
  }

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(22rem, calc(100vw - 1rem))"
      shadow="lg"
      radius="md"
      withinPortal
      closeOnItemClick={false}
    >
      {/* The menu's ARIA (aria-haspopup, aria-expanded) belongs on the button, not the badge wrapper. */}
      <Indicator
        label={<span data-testid="notification-count">{unread > 99 ? '99+' : unread}</span>}
        disabled={unread === 0}
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
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          >
            <IconBell size={22} stroke={1.7} />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown p={0} data-testid="notification-menu">
        <Group justify="space-between" px="md" py="sm" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            Notifications
          </Text>
          {/* A menu holds only menu items (ARIA): the action is one too, so arrows reach it. */}
          <Menu.Item
            w="auto"
            px="xs"
            py={4}
            fz="xs"
            fw={600}
            c="blue.8"
            leftSection={<IconChecks size={14} />}
            disabled={unread === 0 || readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            {readAll.isPending ? 'Marking as read…' : 'Mark all as read'}
          </Menu.Item>
        </Group>
        <Menu.Divider m={0} />
        {isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : items.length === 0 ? (
          <Stack align="center" gap={6} py="xl" px="md" data-testid="notifications-empty">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconBellOff size={24} />
            </ThemeIcon>
            <Text fw={600}>No notifications yet</Text>
            <Text size="sm" c="dimmed" ta="center">
              We'll let you know here when something needs your attention.
            </Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Box p={6}>
              {items.map((item) => (
                <Menu.Item
                  key={item.id}
                  onClick={() => void follow(item)}
                  title={item.data.title}
                  data-unread={item.unread || undefined}
                  py="sm"
                  leftSection={
                    <Box
                      w={8}
                      h={8}
                      bg={item.unread ? 'blue.6' : 'transparent'}
                      style={{ borderRadius: '50%' }}
                      aria-hidden
                    />
                  }
                >
                  <Text size="sm" fw={item.unread ? 600 : 400} lineClamp={1}>
                    {cutTitle(item.data.title)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dayjs(item.date).fromNow()}
                    {item.unread ? ' · Unread' : ''}
                  </Text>
                </Menu.Item>
              ))}
            </Box>
          </ScrollArea.Autosize>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
