import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

/*
 * A long form drawn in parts, top to bottom: each <Stage> inside <Stages> appears one task after
 * the one before it has been drawn. A single commit of a whole long form (the delivery form:
 * eight cards of Mantine inputs) was one task of several hundred milliseconds on a slow phone,
 * the page frozen meanwhile; part by part, the phone stays responsive and the first part shows
 * sooner. Only the stage that appears is rendered, not the parts before it. Nothing moves: each
 * part appears below the ones already there. Outside <Stages> a <Stage> shows at once.
 */

type TQueue = { enqueue: (show: () => void) => void; cancel: (show: () => void) => void; done: () => void };

function createQueue(): TQueue {
  const waiting: (() => void)[] = [];
  let current: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    current = waiting.shift() ?? null;
    const show = current;
    if (show) timer = setTimeout(() => startTransition(show), 0);
  };
  return {
    enqueue: (show) => {
      waiting.push(show);
      if (!current) next();
    },
    cancel: (show) => {
      const at = waiting.indexOf(show);
      if (at >= 0) waiting.splice(at, 1);
      if (current === show) {
        clearTimeout(timer);
        next();
      }
    },
    done: () => next(),
  };
}

const StagesContext = createContext<TQueue | null>(null);

export function Stages({ children }: { children: ReactNode }) {
  const [queue] = useState(createQueue);
  return <StagesContext value={queue}>{children}</StagesContext>;
}

export function Stage({ children }: { children: ReactNode }) {
  const queue = useContext(StagesContext);
  const [shown, setShown] = useState(queue === null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: queued once, on mount.
  useEffect(() => {
    if (shown || !queue) return;
    const show = () => setShown(true);
    queue.enqueue(show);
    return () => queue.cancel(show);
  }, []);
  useEffect(() => {
    if (shown && queue) queue.done();
  }, [shown, queue]);
  return shown ? children : null;
}
