import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/** Issue 12: built assets go out pre-compressed, JSON over 1 KB is compressed, HEAD works on pages. */

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const INDEX = `<!doctype html><html><head><title>Haulpro</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const LOGIN = INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/login-1.js"></head>');
const ROUTES = JSON.stringify([
  { pattern: '^/login/?$', file: 'pages/login.html' },
  { pattern: '^/profile/[^/]+/?$', file: 'pages/missing.html' },
]);
let t: TTestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'haulpro-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'pages'));
  const files: Record<string, string> = {
    'index.html': INDEX,
    'assets/app-abc123.js': SCRIPT,
    'pages/login.html': LOGIN,
    'pages/routes.json': ROUTES,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(() => t.close());

describe('built assets', () => {
  it('sends the brotli copy to a browser that takes brotli, with Vary and a year of cache', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends gzip to a client without brotli, and the plain file to one that takes neither', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers HEAD wherever GET answers: page routes and assets', async () => {
    for (const url of ['/login', '/helper-list?from_zip=90001', '/assets/app-abc123.js']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body).toBe('');
    }
    const page = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(LOGIN);
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('entry pages', () => {
  it('sends an entry page the copy of index.html that preloads its code, and index.html elsewhere', async () => {
    const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    expect(await page('/login')).toBe(LOGIN);
    expect(await page('/login?next=1')).toBe(LOGIN);
    // A table row whose file is missing is ignored; other pages get index.html.
    // (An unknown company's page is index.html with a not-found head: company-page-head.test.ts.)
    expect(await page('/profile/some-company')).toContain('<title>Company not found | Haulpro</title>');
    expect(await page('/locations')).toBe(INDEX);
    expect(await page('/login/extra')).toBe(INDEX);
  });
});

describe('page data preload', () => {
  it("starts the helper list's search with its HTML, exactly as the page will ask it", async () => {
    const q = 'to_zip=90210&from_zip=90001&from_date=2027-03-01&type_service=2&junk=1&sort=rating';
    const res = await t.app.inject({ method: 'GET', url: `/helper-list?${q}` });
    expect(res.headers.link).toBe(
      '</api/public/helpers?from_zip=90001&from_date=2027-03-01&to_zip=90210&type_service=2&sort=rating>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    // An incomplete search, or another page: nothing to preload.
    expect(
      (await t.app.inject({ method: 'GET', url: '/helper-list?from_zip=90001' })).headers.link,
    ).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/login?${q}` })).headers.link).toBeUndefined();
  });

  it("starts a company page's branch with its HTML, the slug encoded as the page encodes it", async () => {
    const link = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers.link;
    expect(await link('/profile/demo-movers-los-angeles')).toBe(
      '</api/public/branches/demo-movers-los-angeles>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect(await link('/profile/a%20b%3Bc')).toBe(
      '</api/public/branches/a%20b%3Bc>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    // A malformed escape or a deeper path: no preload (the page shows its not-found).
    expect(await link('/profile/%E0%A4%A')).toBeUndefined();
    expect(await link('/profile/a/b')).toBeUndefined();
  });
});

describe('API answers', () => {
  it('compresses JSON over 1 KB and leaves small answers alone', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('paths');
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ data: { status: 'ok' } });
  });
});
