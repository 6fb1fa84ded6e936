// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy of every compressible file in
// apps/web/dist, so the server sends them as they are (no compression work per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (COMPRESSIBLE.test(entry.name)) yield p;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
for (const file of files(dist)) {
  const bytes = readFileSync(file);
  if (statSync(file).size < MIN_BYTES) continue;
  const b = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const g = gzipSync(bytes, { level: 9 });
  writeFileSync(`${file}.br`, b);
  writeFileSync(`${file}.gz`, g);
  raw += bytes.length;
  br += b.length;
  gz += g.length;
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`compressed ${path.relative(root, dist)}: ${kb(raw)} -> brotli ${kb(br)}, gzip ${kb(gz)}`);
