import { BREAKPOINTS } from '@haulpro/shared/constants';
import { Anchor, Image, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { TThreadAudience, TThreadTarget } from '../../lib/thread-target.ts';
import classes from './message-thread.module.css';
import { MessageThread } from './message-thread.tsx';
import { threadTitle } from './thread-param.ts';

const XS_QUERY = `(max-width: ${(BREAKPOINTS.sm - 0.2) / 16}em)`;

/** Who the thread is with, as the empty state says it. */
export function otherSideOf(audience: TThreadAudience): string {
  if (audience === 'customer') return 'your movers';
  if (audience === 'provider') return 'the customer';
  return 'the two sides';
}

type TThreadModalProps = {
  audience: TThreadAudience;
  target: TThreadTarget | null;
  onClose: () => void;
  /** Defaults to "Messages · Order #12". */
  title?: string;
};

/**
 * A thread in a window: 640 px wide and most of the screen's height on a desktop, full screen on a
 * phone. It stacks above an order's details modal (a card's Messages button opens it from there).
 */
export function ThreadModal({ audience, target, onClose, title }: TThreadModalProps) {
  const phone = useMediaQuery(XS_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const [photo, setPhoto] = useState<{ src: string; label: string } | null>(null);
  return (
    <Modal
      opened={target !== null}
      onClose={() => {
        setPhoto(null);
        onClose();
      }}
      // Every open Mantine modal hears Escape: while a photo is open, only the photo closes.
      closeOnEscape={photo === null}
      title={title ?? (target ? `Messages · ${threadTitle(target)}` : 'Messages')}
      size={640}
      fullScreen={phone}
      centered
      zIndex={300}
      styles={{
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
        content: {
          display: 'flex',
          flexDirection: 'column',
          ...(phone ? {} : { height: 'min(720px, 85dvh)' }),
        },
        body: { flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column', paddingBottom: 12 },
      }}
      data-testid="thread-modal"
    >
      {target ? (
        <MessageThread
          key={`${target.kind}:${target.id}`}
          audience={audience}
          target={target}
          otherSide={otherSideOf(audience)}
          onOpenPhoto={(src, label) => setPhoto({ src, label })}
        />
      ) : null}
      <Modal
        opened={photo !== null}
        onClose={() => setPhoto(null)}
        title={photo?.label ?? ''}
        size="auto"
        centered
        fullScreen={phone}
        zIndex={400}
      >
        {photo ? (
          <Stack gap="xs" align="center">
            <Image src={photo.src} alt={photo.label} fit="contain" className={classes.full} />
            <Anchor href={photo.src} target="_blank" rel="noopener noreferrer" size="sm">
              Open in a new tab
            </Anchor>
          </Stack>
        ) : null}
      </Modal>
    </Modal>
  );
}
