let pending: Promise<unknown> | undefined;

/**
 * Every Mantine component's styles. A first view ships only the styles of the components the
 * entry pages draw (`virtual:mantine-critical-styles`, made by the build from what those pages
 * import), so their first paint does not wait for the whole stylesheet. Code that may draw any
 * other component, every page but the entry pages and every lazy component, waits for this
 * too (`withAllStyles`), so nothing ever shows unstyled. Downloaded once; a failure is retried.
 */
export function loadAllStyles(): Promise<unknown> {
  pending ??= import('./mantine-all-styles.ts').catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}

/** A lazy module that arrives with every Mantine style (for `lazy()` and route pages). */
export function withAllStyles<M>(load: Promise<M>): Promise<M> {
  return Promise.all([load, loadAllStyles()]).then(([m]) => m);
}
