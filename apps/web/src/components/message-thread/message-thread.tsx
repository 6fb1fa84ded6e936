import type { TThreadMessage } from '@haulpro/shared/talk';
import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconEyeOff, IconLock, IconMessages } from '@tabler/icons-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useThread } from '../../lib/api/messages.ts';
import { useLiveEvent } from '../../lib/live-bus.ts';
import { isThreadOf, type TThreadAudience, type TThreadTarget } from '../../lib/thread-target.ts';
import { LoadError } from '../load-error.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { MessageComposer } from './message-composer.tsx';
import classes from './message-thread.module.css';

/** The masking notice (decision 031: contact details typed before acceptance are hidden when stored). */
export const MASKED_NOTICE = 'Phone numbers and e-mail addresses are hidden until the job is accepted.';

type TMessageThreadProps = {
  audience: TThreadAudience;
  target: TThreadTarget;
  /** Who is on the other side, for the empty state ("the movers", "the customer"). */
  otherSide: string;
  /** Opens a photo full size (the window holds the viewer, so Escape closes the photo first). */
  onOpenPhoto: (src: string, label: string) => void;
};

/** Oldest first, each message once (pages shift while new messages arrive). */
function ordered(pages: { data: TThreadMessage[] }[]): TThreadMessage[] {
  const seen = new Set<number>();
  const out: TThreadMessage[] = [];
  for (const page of [...pages].reverse()) {
    for (const m of page.data) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}

/**
 * A job's message thread: the messages as bubbles (newest at the bottom, earlier pages on
 * request), the notices (not open yet, closed, contact details masked) and the composer while
 * the caller may post. Read again on every live `message` event of this thread.
 */
export function MessageThread({ audience, target, otherSide, onOpenPhoto }: TMessageThreadProps) {
  const query = useThread(audience, target);
  const logRef = useRef<HTMLDivElement>(null);
  const messages = useMemo(() => ordered(query.data?.pages ?? []), [query.data]);
  const meta = query.data?.pages[0]?.meta;
  const lastId = messages.at(-1)?.id ?? 0;
  const firstId = messages[0]?.id ?? 0;
  const lastRead = useMemo(
    () => messages.findLast((m) => m.mine && m.read_at !== null)?.id ?? null,
    [messages],
  );
  // Distance from the bottom before earlier messages were added above, to keep the view still.
  const fromBottom = useRef<number | null>(null);

  useLiveEvent('message', (event) => {
    if (isThreadOf(target, event)) void query.refetch();
  });

  // A new last message (or the first load) scrolls to the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes.
  useLayoutEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  // Earlier messages loaded above: the messages on screen stay where they were.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes.
  useLayoutEffect(() => {
    const el = logRef.current;
    if (el && fromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
  }, [firstId]);

  function loadEarlier() {
    const el = logRef.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    void query.fetchNextPage();
  }

  if (query.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading messages" />
      </Center>
    );
  }
  if (query.isError) {
    return <LoadError what="the messages" error={query.error} onRetry={() => query.refetch()} />;
  }

  const canPost = meta?.can_post ?? false;
  return (
    <div className={classes.thread} data-testid="message-thread">
      <Stack gap="xs" mb="xs">
        {meta?.reason ? (
          <Alert
            color="gray"
            variant="light"
            p="xs"
            icon={<IconLock size={18} />}
            data-testid="thread-reason"
          >
            <Text size="sm">{meta.reason}</Text>
          </Alert>
        ) : null}
        {canPost && meta?.masked ? (
          <Alert
            color="blue"
            variant="light"
            p="xs"
            icon={<IconEyeOff size={18} />}
            data-testid="thread-masked"
          >
            <Text size="sm">{MASKED_NOTICE}</Text>
          </Alert>
        ) : null}
      </Stack>
      {/* A log: new messages are announced politely; the region scrolls, so it takes focus. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <div className={classes.log} ref={logRef} role="log" aria-label="Messages" tabIndex={0}>
        {query.hasNextPage ? (
          <Center mb="sm">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={loadEarlier}
              loading={query.isFetchingNextPage}
              data-testid="thread-load-earlier"
            >
              Load earlier messages
            </Button>
          </Center>
        ) : null}
        {messages.length === 0 ? (
          <Stack align="center" gap={6} py="xl" px="md" data-testid="thread-empty">
            <ThemeIcon size={44} radius="xl" variant="light" color="blue" aria-hidden>
              <IconMessages size={24} />
            </ThemeIcon>
            <Text fw={600}>No messages yet</Text>
            <Text size="sm" c="gray.7" ta="center">
              {canPost
                ? `Write to ${otherSide} here: access, parking, an elevator booking, anything they should know.`
                : `Messages between you and ${otherSide} show up here.`}
            </Text>
          </Stack>
        ) : (
          messages.map((m) => (
            <MessageBubble
              key={m.id}
              message={m}
              readMark={m.id === lastRead}
              right={audience === 'admin' ? m.sender.side === 'provider' : m.mine}
              sideLabel={audience === 'admin'}
              onOpenPhoto={onOpenPhoto}
            />
          ))
        )}
      </div>
      {canPost ? (
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          <MessageComposer audience={audience} target={target} />
        </div>
      ) : null}
    </div>
  );
}
