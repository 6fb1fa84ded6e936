import type { TThreadMessage } from '@haulpro/shared/talk';
import { Image, UnstyledButton } from '@mantine/core';
import { dayjs } from '../../lib/dayjs.ts';
import classes from './message-thread.module.css';

export function messageTime(iso: string): string {
  const d = dayjs(iso);
  return d.isSame(dayjs(), 'day') ? d.format('h:mm A') : d.format('MMM D, h:mm A');
}

type TMessageBubbleProps = {
  message: TThreadMessage;
  /** My latest message the other side has read carries the "Read" mark. */
  readMark: boolean;
  /** On the right: my messages (the admin, who writes none, sees the provider's there). */
  right: boolean;
  /** Name the side after the sender (the admin reads both). */
  sideLabel?: boolean;
  onOpenPhoto: (src: string, label: string) => void;
};

/** One message: mine on the right, theirs on the left, with the sender, the time and photos. */
export function MessageBubble({
  message: m,
  readMark,
  right,
  sideLabel = false,
  onOpenPhoto,
}: TMessageBubbleProps) {
  const label = (i: number) => `Photo ${i + 1} of ${m.photos.length} from ${m.mine ? 'you' : m.sender.name}`;
  return (
    <div
      className={classes.row}
      data-mine={m.mine || undefined}
      data-right={right || undefined}
      data-testid="thread-message"
      data-message-id={m.id}
      data-side={m.sender.side}
    >
      <div className={classes.bubble}>
        {m.body ? <span data-testid="thread-message-body">{m.body}</span> : null}
        {m.photos.length > 0 ? (
          <div className={classes.photos}>
            {m.photos.map((src, i) => (
              <UnstyledButton
                key={src}
                className={classes.thumb}
                onClick={() => onOpenPhoto(src, label(i))}
                aria-label={`Open ${label(i).charAt(0).toLowerCase()}${label(i).slice(1)} full size`}
              >
                <Image src={src} alt={label(i)} w={96} h={96} fit="cover" loading="lazy" />
              </UnstyledButton>
            ))}
          </div>
        ) : null}
      </div>
      <div className={classes.meta}>
        {m.mine ? 'You' : m.sender.name}
        {sideLabel ? ` (${m.sender.side})` : ''} ·{' '}
        <time dateTime={m.created_at}>{messageTime(m.created_at)}</time>
        {readMark && m.read_at ? (
          <span data-testid="thread-read-mark" title={`Read ${messageTime(m.read_at)}`}>
            {' '}
            · Read
          </span>
        ) : null}
      </div>
    </div>
  );
}
