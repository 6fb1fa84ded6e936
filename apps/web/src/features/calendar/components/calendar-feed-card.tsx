import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarShare, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useCalendarFeed, useRegenerateCalendarFeed } from '../api/calendar-feed.ts';

/**
 * The branch's private calendar link (beyond the spec): the crew subscribes to it in Google
 * Calendar, Outlook or Apple Calendar and sees its jobs there. Regenerating it kills the old link.
 */
export function CalendarFeedCard({ branchId, branchName }: { branchId: number; branchName: string }) {
  const feed = useCalendarFeed(branchId);
  const regenerate = useRegenerateCalendarFeed();
  const path = feed.data?.path ?? null;
  const url = path ? `${window.location.origin}${path}` : null;

  function renew() {
    modals.openConfirmModal({
      title: (
        <Text fw={700} fz="lg">
          New calendar link
        </Text>
      ),
      children: (
        <Text size="sm">Calendars subscribed to the current link stop updating. Make a new link?</Text>
      ),
      labels: { confirm: 'Make a new link', cancel: 'Cancel' },
      onConfirm: () => regenerate.mutate(branchId),
    });
  }

  return (
    <Card padding="md" withBorder data-testid="calendar-feed">
      <Group gap="xs" wrap="nowrap">
        <IconCalendarShare size={18} aria-hidden />
        <Title order={2} fz="md">
          Calendar link
        </Title>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Subscribe to {branchName}'s jobs in Google Calendar, Outlook or Apple Calendar. Keep the link private:
        anyone who has it sees the jobs.
      </Text>
      {url ? (
        <Stack gap="xs" mt="sm">
          <TextInput
            value={url}
            readOnly
            aria-label="Calendar link"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group gap="xs">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              onClick={renew}
              loading={regenerate.isPending}
            >
              New link
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button
          mt="sm"
          size="xs"
          variant="light"
          leftSection={<IconCalendarShare size={14} />}
          onClick={() => regenerate.mutate(branchId)}
          loading={regenerate.isPending}
          disabled={feed.isPending}
        >
          Make a calendar link
        </Button>
      )}
    </Card>
  );
}
