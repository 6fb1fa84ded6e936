/*
 * Zod without its JIT in the browser. Zod 4 compiles object schemas with `new Function`, and
 * first probes whether it may; under the server's Content-Security-Policy (script-src 'self',
 * no 'unsafe-eval', apps/api/src/app.ts) that probe is refused, and though zod catches the throw
 * the browser still reports a CSP violation on every page that parses with a schema. The CSP
 * stays strict: zod is told not to try (`jitless`, as zod's docs advise for such policies).
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there,
 * so this sets it before zod loads, without pulling zod's chunk into the first view
 * (main.tsx imports this first). zod-jitless.test.ts holds zod to that.
 */
type TZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as TZodGlobal;
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
