// npm run build -w @haulpro/web: the production build of the web app, in two passes.
//  1. A first build records which modules every entry page loads before its first paint.
//  2. The real build puts each entry page's own modules into one chunk (apps/web/entry-chunks.ts).
// Then one HTML file per entry page that preloads its code (route-pages.mjs), and the brotli and
// gzip copies of every file (compress-dist.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  return plan;
}

const work = mkdtempSync(path.join(tmpdir(), 'haulpro-web-build-'));
try {
  const record = path.join(work, 'chunks.json');
  run(vite, ['build', '--outDir', path.join(work, 'dist'), '--emptyOutDir', '--logLevel', 'warn'], {
    HAULPRO_CHUNKS_RECORD: record,
  });
  const plan = planFrom(JSON.parse(readFileSync(record, 'utf8')));
  const planFile = path.join(work, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan));
  run(vite, ['build'], { HAULPRO_CHUNKS_PLAN: planFile });
} finally {
  rmSync(work, { recursive: true, force: true });
}
run(process.execPath, [path.join(root, 'scripts/route-pages.mjs')]);
run(process.execPath, [path.join(root, 'scripts/compress-dist.mjs')]);
