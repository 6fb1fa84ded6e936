import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchAtZip, createCompany } from '../src/db/seed/factories.ts';
import { summary } from '../src/domain/page-head.ts';
import { withPageHead } from '../src/http/page-head.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/**
 * Issue 14: a company page's HTML carries that company's title, description and preview tags
 * before any JavaScript runs (search engines, link previews); an unknown company is a 404.
 */

const PAGE = `<!doctype html><html lang="en"><head>
    <meta name="description" content="Haulpro: book trusted movers and delivery helpers." />
    <title>Haulpro</title>
  </head><body><div id="root"></div></body></html>`;
let t: TTestApp;
let slug: string;
let plainSlug: string;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'haulpro-dist-'));
  mkdirSync(path.join(dist, 'pages'));
  writeFileSync(path.join(dist, 'index.html'), PAGE.replace('<title>', '<!-- index --><title>'));
  writeFileSync(path.join(dist, 'pages/company-page.html'), PAGE);
  writeFileSync(
    path.join(dist, 'pages/routes.json'),
    JSON.stringify([{ pattern: '^/profile/[^/]+/?$', file: 'pages/company-page.html' }]),
  );
  t = await createTestApp({ env: { WEB_DIST: dist } });
  const db = t.database.db;
  const company = await createCompany(db, { name: 'Bear & "Sons" <Movers>' });
  const branch = await createBranchAtZip(db, '90001', {
    companyId: company.id,
    name: 'Downtown',
    isMain: true,
    logo: '/uploads/logos/abc.png',
    aboutUs: `We move homes across Los Angeles. <script>alert(1)</script> ${'Careful crews, '.repeat(20)}`,
  });
  slug = branch.slug;
  const other = await createCompany(db, { name: 'Quiet Movers' });
  plainSlug = (await createBranchAtZip(db, '90001', { companyId: other.id, name: 'Quiet Movers' })).slug;
});
afterAll(() => t.close());

describe('company page head', () => {
  it('names the company, its branch and its place, with the introduction as the description', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/profile/${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Bear &amp; &quot;Sons&quot; &lt;Movers&gt; – Downtown: movers in ');
    expect(html).toMatch(
      /<meta name="description" content="We move homes across Los Angeles\. &lt;script&gt;/,
    );
    // Nothing the company typed can open a tag in the head.
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<Movers>');
    expect(html).toContain(`<link rel="canonical" href="http://haulpro.test/profile/${slug}" />`);
    expect(html).toContain(
      '<meta property="og:image" content="http://haulpro.test/uploads/logos/abc.png" />',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // The page's own file (its preloads) is kept.
    expect(html).not.toContain('<!-- index -->');
    expect(res.headers.link).toContain(`/api/public/branches/${slug}`);
  });

  it('without an introduction, describes the company from its record', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/profile/${plainSlug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Quiet Movers: movers in ');
    expect(res.body).toMatch(/content="Quiet Movers offers moving help in [^"]+ See crews, prices/);
    expect(res.body).not.toContain('og:image');
  });

  it('answers 404 with a not-found head for an unknown company, kept out of search results', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/profile/no-such-company' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Company not found | Haulpro</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('<div id="root">');
    // A malformed escape is refused before any lookup, never a 5xx.
    const bad = await t.app.inject({ method: 'GET', url: '/profile/%E0%A4%A' });
    expect(bad.statusCode).toBeLessThan(500);
  });

  it('answers HEAD like GET', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: `/profile/${slug}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('page head rules', () => {
  it('cuts a long description at a word, with an ellipsis, and collapses whitespace', () => {
    const text = summary(`Hello\n\n  world ${'word '.repeat(60)}`);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('…')).toBe(true);
    expect(text.startsWith('Hello world word')).toBe(true);
    expect(summary('Short one.')).toBe('Short one.');
  });

  it('replaces only the first title and description and escapes every value', () => {
    const html = withPageHead(PAGE, {
      title: 'A "quoted" <title>',
      description: "It's & more",
      url: 'http://x.test/profile/a?b=1&c=2',
    });
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;title&gt;</title>');
    expect(html).toContain('content="It&#39;s &amp; more"');
    expect(html).toContain('href="http://x.test/profile/a?b=1&amp;c=2"');
    expect(html).not.toContain('robots');
  });
});
