/**
 * Runs `run` once the browser has painted the current frame (a frame, then a task): work that
 * can wait for the page to be on screen. Returns a cancel for an effect's clean-up.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
