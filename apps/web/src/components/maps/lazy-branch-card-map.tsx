import { Skeleton } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { withAllStyles } from '../../lib/all-styles.ts';

const BranchCardMap = lazy(() =>
  withAllStyles(import('./branch-card-map.tsx')).then((m) => ({ default: m.BranchCardMap })),
);

/**
 * The branch map, downloaded and drawn once its place scrolls into view (Leaflet is the largest
 * library of the pages that show it, and starting a map costs a phone a noticeable moment); a
 * skeleton of the same height holds its place meanwhile.
 */
export function LazyBranchCardMap(props: ComponentProps<typeof BranchCardMap>) {
  const { ref, inViewport } = useInViewport();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (inViewport) setShown(true);
  }, [inViewport]);
  const placeholder = <Skeleton h={props.height ?? 180} radius="md" aria-hidden />;
  if (!shown) return <div ref={ref}>{placeholder}</div>;
  return (
    <Suspense fallback={placeholder}>
      <BranchCardMap {...props} />
    </Suspense>
  );
}
