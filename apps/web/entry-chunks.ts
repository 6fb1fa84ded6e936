import { readFileSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/*
 * Entry-page chunks, planned from a first build (scripts/build-web.mjs runs two).
 *
 * Left to itself the bundler makes a file of nearly every Mantine component, so the first view
 * of a public entry page (apps/web/entry-routes.json) asked for 30 to 50 files, and a phone on
 * a slow network pays a round trip for every six of them. So the first build records which
 * modules each entry page loads before its first paint (`recordChunks`), the build script turns
 * that into a plan, and the second build puts the modules only one entry page needs in a
 * chunk of that page, and those several need in one common chunk (`plannedGroups`).
 */

export type TChunkRecord = {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
};

/** First build: writes every output chunk's modules and static imports to `file`. */
export function recordChunks(file: string): Plugin {
  return {
    name: 'haulpro-record-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: TChunkRecord[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.push({
          fileName: out.fileName,
          moduleIds: out.moduleIds,
          imports: out.imports,
          facadeModuleId: out.facadeModuleId,
          isEntry: out.isEntry,
        });
      }
      writeFileSync(file, JSON.stringify(chunks));
    },
  };
}

/**
 * Second build: one group per chunk of the plan (module id → chunk name). The common chunk
 * comes first: a group also takes its modules' dependencies, and a dependency of a module is
 * used by at least the same pages, so a shared one must be claimed by the common group.
 */
export function plannedGroups(file: string, basePriority: number) {
  const plan = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
  const names = [...new Set(plan.values())];
  return names.map((name) => ({
    name,
    priority: basePriority + (name === 'entry-common' ? 1 : 0),
    test: (id: string) => plan.get(id) === name,
  }));
}
