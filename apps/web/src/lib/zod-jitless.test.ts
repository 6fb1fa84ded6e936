import { expect, test } from 'vitest';

test('zod adopts the jitless setting made before it loads, and then never probes eval', async () => {
  await import('./zod-jitless.ts');
  const { config, z } = await import('zod');
  expect(config().jitless).toBe(true);
  // The probe is the `new Function` call a CSP reports; with jitless it is never made.
  const made: string[] = [];
  const Original = globalThis.Function;
  globalThis.Function = new Proxy(Original, {
    construct(target, args) {
      made.push(String(args));
      return Reflect.construct(target, args);
    },
  });
  try {
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  } finally {
    globalThis.Function = Original;
  }
  expect(made).toEqual([]);
});
