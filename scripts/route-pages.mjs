// After `vite build`, before compression: one copy of index.html per public entry page
// (apps/web/entry-routes.json) that also preloads the page's own code and styles. Without it the
// browser learns which chunks the page needs only after the entry script has run, one more
// round trip before the first paint. The server sends dist/pages/<name>.html for the page's
// paths (dist/pages/routes.json) and index.html for every other page.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const { routes } = JSON.parse(readFileSync(path.join(root, 'apps/web/entry-routes.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The files a set of manifest keys loads through static imports (dynamic imports come later). */
function closure(keys) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest (apps/web/entry-routes.json is out of date)`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

const entry = closure(['index.html']);
mkdirSync(path.join(dist, 'pages'), { recursive: true });
const table = [];
for (const route of routes) {
  const { js, css } = closure(route.modules);
  const links = [
    ...[...css]
      .filter((f) => !entry.css.has(f))
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...js]
      .filter((f) => !entry.js.has(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  if (!index.includes('</head>')) throw new Error('index.html has no </head>');
  const html = index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  const file = `pages/${route.name}.html`;
  writeFileSync(path.join(dist, file), html);
  table.push({ pattern: route.pattern, file });
}
writeFileSync(path.join(dist, 'pages/routes.json'), `${JSON.stringify(table, null, 2)}\n`);
console.log(`route pages: ${table.map((t) => t.file).join(', ')}`);
