import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '../lib/after-next-paint.ts';

type TAfterFirstPaintProps = {
  /** Needed now (a dialog the address opens, or one the user opened): shown at once. */
  now: boolean;
  children: ReactNode;
};

/**
 * Renders its children once the page is on screen (in a transition, so in slices), or at once
 * when `now`. For a list's closed dialogs: 17 of them on the customer dashboard were about 700
 * React components drawn before its first cards (issue 30). They are mounted, closed, a frame
 * later, before a user can reach for them, so they still open and close with their animation and
 * give the focus back to the button that opened them.
 */
export function AfterFirstPaint({ now, children }: TAfterFirstPaintProps) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted || now ? children : null;
}
