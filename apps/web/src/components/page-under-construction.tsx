import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
import { UnderConstructionPanel } from './under-construction-panel.tsx';

type TPageUnderConstructionProps = { title: string; description?: ReactNode; area?: string };

/** A whole page that later work will build: its title and a tidy "being built" panel. */
export function PageUnderConstruction({ title, description, area }: TPageUnderConstructionProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <UnderConstructionPanel area={area ?? title} />
    </>
  );
}
