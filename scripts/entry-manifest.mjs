// The build manifest, read per public entry page (apps/web/entry-routes.json): which files a page
// loads before its first paint. Used by scripts/route-pages.mjs and e2e/bundle-budget.spec.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The manifest key of a route module: its own key, or the planned entry chunk it was merged into. */
function keyOf(manifest, module) {
  if (manifest[module]) return module;
  const name = `entry-${path.basename(module).replace(/\.[^.]+$/, '')}`;
  const key = Object.keys(manifest).find((k) => manifest[k].name === name && k.endsWith('.js'));
  if (!key)
    throw new Error(`${module} is not in the build manifest (apps/web/entry-routes.json is out of date)`);
  return key;
}

/** JavaScript and CSS files that manifest keys load through static imports (dynamic ones come later). */
export function closure(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

/** The files an entry page needs before its first paint: the app's entry and the route's modules. */
export function entryPageFiles(dist, modules) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = closure(manifest, ['index.html']);
  const route = closure(
    manifest,
    modules.map((m) => keyOf(manifest, m)),
  );
  return { entry, route };
}
