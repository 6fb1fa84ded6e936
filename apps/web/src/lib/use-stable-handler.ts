import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A handler whose identity never changes but which always calls the latest `handler`: a list
 * passes it to memoised rows (React.memo), which then skip re-rendering when only their parent's
 * state moved. Call it from events, not during render.
 */
export function useStableHandler<A extends unknown[]>(handler: (...args: A) => void): (...args: A) => void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
