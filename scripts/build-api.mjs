// npm run build:api: the production build of the API, so `npm start` runs plain JavaScript
// (no TypeScript transpiler at run time; `npm run dev` keeps tsx). esbuild bundles
// apps/api/src/server.ts and the TypeScript sources of @haulpro/shared into one ES module,
// apps/api/dist/server.mjs (with its source map); every npm package stays an import of
// node_modules. The server finds its files (migrations, the web build) from the API package's
// folder, not from its own file, so the bundle runs from apps/api/dist like the sources from src.
//
//   node scripts/build-api.mjs              build apps/api/dist/server.mjs
//   node scripts/build-api.mjs --if-stale   only when it is missing or older than its sources
//   node scripts/build-api.mjs --outdir D   build D/server.mjs instead (D inside the repository,
//                                           so the bundle's imports find node_modules)
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_DIST = path.join(root, 'apps/api/dist');
export const API_BUNDLE = path.join(API_DIST, 'server.mjs');
/** What the bundle is made of: a change to any of them makes it stale. */
export const API_SOURCES = [
  path.join(root, 'apps/api/src'),
  path.join(root, 'packages/shared/src'),
  fileURLToPath(import.meta.url),
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** True when apps/api/dist/server.mjs is missing or older than a source file or this script. */
export function apiBuildIsStale() {
  if (!existsSync(API_BUNDLE)) return true;
  const built = statSync(API_BUNDLE).mtimeMs;
  return API_SOURCES.some((p) => newestMtime(p) > built);
}

/** Bundles the API into `outdir`/server.mjs (+ .map). Resolves to the bundle's path. */
export async function buildApi({ outdir = API_DIST } = {}) {
  const esbuild = await import('esbuild');
  const outfile = path.join(outdir, 'server.mjs');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'apps/api/src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // npm packages are loaded from node_modules at run time, as under tsx...
    packages: 'external',
    // ...except the workspace's shared package, which is TypeScript source: an alias comes before
    // the packages rule, so its modules are bundled (exports "./*" → "./src/*.ts").
    alias: { '@haulpro/shared': path.join(root, 'packages/shared/src') },
    // Names stay readable in stack traces and logs (no minification: the size does not matter here).
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--outdir');
  const outdir = at >= 0 ? path.resolve(args[at + 1] ?? '') : API_DIST;
  if (args.includes('--if-stale') && outdir === API_DIST && !apiBuildIsStale()) process.exit(0);
  const started = Date.now();
  const outfile = await buildApi({ outdir });
  console.log(`built ${path.relative(process.cwd(), outfile)} in ${Date.now() - started} ms`);
}
