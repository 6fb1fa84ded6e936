// After `vite build`, before compression: one copy of index.html per public entry page
// (apps/web/entry-routes.json) that also preloads the page's own code and styles. Without it the
// browser learns which chunks the page needs only after the entry script has run, one more
// round trip before the first paint. The server sends dist/pages/<name>.html for the page's
// paths (dist/pages/routes.json) and index.html for every other page.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryPageFiles } from './entry-manifest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const { routes } = JSON.parse(readFileSync(path.join(root, 'apps/web/entry-routes.json'), 'utf8'));
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');

mkdirSync(path.join(dist, 'pages'), { recursive: true });
const table = [];
for (const route of routes) {
  const { entry, route: own } = entryPageFiles(dist, route.modules);
  const { js, css } = own;
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
