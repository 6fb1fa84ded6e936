import { UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import classes from './side-scroller.module.css';

type TEdges = { start: boolean; end: boolean };

/** The scrolling row's element, for a caller that scrolls it to a child (the open settings tab). */
export const SIDE_SCROLLER_ROW = '[data-side-scroller]';

/** Whether a row scrolled `left` of `width` in a box of `box` has more before it and after it. */
export function scrollEdges(left: number, width: number, box: number): TEdges {
  return { start: left > 1, end: left < width - box - 1 };
}

type TSideScrollerProps = {
  children: ReactNode;
  /** How far an arrow scrolls, in pixels. */
  scrollAmount?: number;
  /** The colour the row fades into under the arrows (the card's background). */
  fadeColor?: string;
  /** The arrows' width and icon size, in pixels. */
  controlSize?: number;
};

/**
 * A row that scrolls sideways (a swipe on phones, the arrows or a trackpad on wide screens), with
 * an arrow at each end that has more. It reads the row's sizes only where the browser has just
 * laid the page out (a ResizeObserver's callback, or the frame after a scroll), never while React
 * mounts it: Mantine's Scroller read them in its mount effect, which made the browser lay out the
 * whole dashboard before its first paint (89 ms of a phone's first frame; issue 30, decision 049).
 */
export function SideScroller({
  children,
  scrollAmount = 300,
  fadeColor,
  controlSize = 40,
}: TSideScrollerProps) {
  const row = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<TEdges>({ start: false, end: false });

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    let frame = 0;
    const read = () => {
      const next = scrollEdges(el.scrollLeft, el.scrollWidth, el.clientWidth);
      setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    const onScroll = () => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        read();
      });
    };
    const resized = new ResizeObserver(read);
    resized.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      resized.disconnect();
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  const scroll = (direction: 1 | -1) =>
    row.current?.scrollBy({ left: direction * scrollAmount, behavior: 'smooth' });
  const style = {
    '--side-scroller-control-size': `${controlSize}px`,
    ...(fadeColor ? { '--side-scroller-fade': fadeColor } : {}),
  } as CSSProperties;
  const icon = Math.round(controlSize * 0.6);
  return (
    <div className={classes.root} style={style}>
      <Arrow position="start" shown={edges.start} iconSize={icon} onClick={() => scroll(-1)} />
      <div ref={row} className={classes.container} data-side-scroller="">
        {children}
      </div>
      <Arrow position="end" shown={edges.end} iconSize={icon} onClick={() => scroll(1)} />
    </div>
  );
}

type TArrowProps = { position: 'start' | 'end'; shown: boolean; iconSize: number; onClick: () => void };

/** An end's arrow: faded out and out of the tab order while that end has nothing more. */
function Arrow({ position, shown, iconSize, onClick }: TArrowProps) {
  const Icon = position === 'start' ? IconChevronLeft : IconChevronRight;
  return (
    <UnstyledButton
      className={classes.control}
      data-position={position}
      data-hidden={shown ? undefined : true}
      tabIndex={shown ? 0 : -1}
      aria-label={position === 'start' ? 'Scroll left' : 'Scroll right'}
      onClick={onClick}
    >
      <Icon size={iconSize} />
    </UnstyledButton>
  );
}
