import { type ComponentType, lazy } from 'react';

/**
 * A route's page (or layout), downloaded when the route is first shown: each area of the app
 * is its own chunk. `lazyPage(() => import('./x-page.tsx'), 'XPage')` names the export, so a
 * renamed component fails the typecheck here rather than at run time.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Page />;
}
