import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

const BranchCardMap = lazy(() => import('./branch-card-map.tsx').then((m) => ({ default: m.BranchCardMap })));

/**
 * The branch map, downloaded after the page's first paint (Leaflet is the largest library of
 * the pages that show it); a skeleton of the same height holds its place meanwhile.
 */
export function LazyBranchCardMap(props: ComponentProps<typeof BranchCardMap>) {
  return (
    <Suspense fallback={<Skeleton h={props.height ?? 180} radius="md" aria-hidden />}>
      <BranchCardMap {...props} />
    </Suspense>
  );
}
