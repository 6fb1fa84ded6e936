import { type ComponentType, lazy } from 'react';
import { withAllStyles } from '../lib/all-styles.ts';

type TLoaded = { default: ComponentType };

/** A thenable that calls back at once: React.lazy then renders without suspending. */
function settled(value: TLoaded): PromiseLike<TLoaded> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point.
    then: (resolve) => (resolve ? resolve(value) : value) as never,
  };
}

/**
 * A route's page (or layout), downloaded when the route is first shown: each area of the app
 * is its own chunk. `lazyPage(() => import('./x-page.tsx'), 'XPage')` names the export, so a
 * renamed component fails the typecheck here rather than at run time.
 *
 * `preload()` downloads it ahead of time (main.tsx does so for the first page before React
 * starts); a page already downloaded renders at once, without a loader frame.
 *
 * A page arrives with every Mantine style (lib/all-styles.ts), except the entry pages and their
 * layouts (`allStyles: false`): the build gives the first view the styles they draw.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  { allStyles = true }: { allStyles?: boolean } = {},
) {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    pending ??= (allStyles ? withAllStyles(load()) : load()).then((m) => {
      loaded = m[name] as ComponentType;
      return loaded;
    });
    pending.catch(() => {
      pending = undefined; // a failed download is tried again on the next visit
    });
    return pending;
  };
  const Page = lazy(() =>
    loaded ? (settled({ default: loaded }) as Promise<TLoaded>) : preload().then((c) => ({ default: c })),
  );
  return { element: <Page />, preload };
}
