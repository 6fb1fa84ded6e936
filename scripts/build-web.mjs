// npm run build -w @haulpro/web: the production build of the web app, in two passes.
//  1. A first build records which modules every entry page loads before its first paint.
//  2. The real build puts each entry page's own modules into one chunk (apps/web/entry-chunks.ts).
// Then one HTML file per entry page that preloads its code (route-pages.mjs), and the brotli and
// gzip copies of every file (compress-dist.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const vite = path.join(root, 'node_modules/.bin/vite');
// Chunks the plan leaves alone: the vendor groups of vite.config.ts.
const OWN_CHUNK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|zod|@floating-ui)[\\/]/;

function run(command, args, env = {}) {
  const r = spawnSync(command, args, { cwd: web, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** module id → chunk name, from the first build's chunks. */
function planFrom(chunks) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start) => {
    const files = new Set();
    const stack = [...start];
    while (stack.length > 0) {
      const file = stack.pop();
      if (files.has(file)) continue;
      files.add(file);
      for (const next of byFile.get(file)?.imports ?? []) stack.push(next);
    }
    return files;
  };
  const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const { routes } = JSON.parse(readFileSync(path.join(web, 'entry-routes.json'), 'utf8'));
  // module id → the entry-page parts that load it before their first paint
  const users = new Map();
  // The toast host loads right after every first paint: its own chunk keeps it off the pages'.
  const parts = [...routes.flatMap((r) => r.modules), 'src/app/toasts.tsx'];
  for (const module of parts) {
    const id = path.join(web, module);
    const facade = chunks.find((c) => c.facadeModuleId === id);
    if (!facade) throw new Error(`${module} has no chunk of its own in the first build`);
    const part = path.basename(module).replace(/\.[^.]+$/, '');
    for (const file of closure([facade.fileName])) {
      if (initial.has(file)) continue;
      for (const moduleId of byFile.get(file)?.moduleIds ?? []) {
        if (OWN_CHUNK.test(moduleId)) continue;
        if (!users.has(moduleId)) users.set(moduleId, new Set());
        users.get(moduleId).add(part);
      }
    }
  }
  // What one part alone loads is its own chunk; what several load is one common chunk. A chunk
  // per set of parts would fit each page exactly but cost a dozen more files of 1 to 9 KB.
  const plan = {};
  for (const [moduleId, parts] of users)
    plan[moduleId] = parts.size > 1 ? 'entry-common' : `entry-${[...parts][0]}`;
  if (process.env.HAULPRO_PLAN_DEBUG)
    writeFileSync(
      process.env.HAULPRO_PLAN_DEBUG,
      JSON.stringify(Object.fromEntries([...users].map(([m, p]) => [m, [...p]])), null, 1),
    );
  return plan;
}

/**
 * The Mantine styles the entry pages draw before any lazy code arrives: the base files and the
 * styles of every component their first-paint modules import (in the order of Mantine's own
 * stylesheet, as its docs ask), all in the `mantine` cascade layer. The rest of Mantine's
 * styles download with the first lazy page or component that may need them (lib/all-styles.ts).
 */
function criticalStylesFrom(chunks) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const { routes } = JSON.parse(readFileSync(path.join(web, 'entry-routes.json'), 'utf8'));
  const starts = [
    ...chunks.filter((c) => c.isEntry).map((c) => c.fileName),
    ...routes
      .flatMap((r) => r.modules)
      .map((m) => chunks.find((c) => c.facadeModuleId === path.join(web, m))?.fileName),
  ];
  const files = new Set();
  const stack = starts.filter(Boolean);
  while (stack.length > 0) {
    const file = stack.pop();
    if (files.has(file)) continue;
    files.add(file);
    for (const next of byFile.get(file)?.imports ?? []) stack.push(next);
  }
  const components = new Set();
  for (const file of files)
    for (const id of byFile.get(file)?.moduleIds ?? []) {
      const m = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/.exec(id);
      if (m) components.add(m[1]);
    }
  // Style files named otherwise than their component's folder.
  const extra = {
    Checkbox: ['CheckboxCard', 'CheckboxIndicator', 'InlineInput'],
    Radio: ['RadioCard', 'RadioIndicator', 'InlineInput'],
    Switch: ['InlineInput'],
  };
  const names = new Set(['baseline', 'default-css-variables', 'global']);
  for (const c of components) for (const n of [c, ...(extra[c] ?? [])]) names.add(n);
  const core = path.join(root, 'node_modules/@mantine/core');
  const full = readFileSync(path.join(core, 'styles.css'), 'utf8');
  const ordered = [];
  for (const name of names) {
    const own = path.join(core, 'styles', `${name}.css`);
    if (!existsSync(own)) continue;
    const at = full.indexOf(readFileSync(own, 'utf8').trim().slice(0, 300));
    if (at < 0)
      throw new Error(`@mantine/core/styles/${name}.css is not in styles.css: check the Mantine version`);
    ordered.push({ at, file: `@mantine/core/styles/${name}.layer.css` });
  }
  return ordered.sort((a, b) => a.at - b.at).map((o) => o.file);
}

const work = mkdtempSync(path.join(tmpdir(), 'haulpro-web-build-'));
try {
  const record = path.join(work, 'chunks.json');
  run(vite, ['build', '--outDir', path.join(work, 'dist'), '--emptyOutDir', '--logLevel', 'warn'], {
    HAULPRO_CHUNKS_RECORD: record,
  });
  const chunks = JSON.parse(readFileSync(record, 'utf8'));
  const planFile = path.join(work, 'plan.json');
  writeFileSync(planFile, JSON.stringify(planFrom(chunks)));
  const stylesFile = path.join(work, 'critical-styles.json');
  writeFileSync(stylesFile, JSON.stringify(criticalStylesFrom(chunks)));
  run(vite, ['build'], { HAULPRO_CHUNKS_PLAN: planFile, HAULPRO_CRITICAL_STYLES: stylesFile });
} finally {
  rmSync(work, { recursive: true, force: true });
}
run(process.execPath, [path.join(root, 'scripts/route-pages.mjs')]);
run(process.execPath, [path.join(root, 'scripts/compress-dist.mjs')]);
