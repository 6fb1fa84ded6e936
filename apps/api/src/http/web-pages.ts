import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { helperSearchApiPath } from '@haulpro/shared/booking-options';
import { publicBranchApiPath } from '@haulpro/shared/navigation';

type TPageVariant = { pattern: RegExp; file: string };

/**
 * Which HTML file a page address gets. The web build writes, for each public entry page, a copy
 * of index.html that also preloads that page's code (dist/pages/routes.json, made by
 * scripts/route-pages.mjs); every other address gets index.html. A build without the table
 * (or with a broken one) simply serves index.html everywhere.
 */
export function pageFileResolver(webDist: string): (pathname: string) => string {
  const variants: TPageVariant[] = [];
  const table = path.join(webDist, 'pages/routes.json');
  if (existsSync(table)) {
    try {
      const rows = JSON.parse(readFileSync(table, 'utf8')) as { pattern: string; file: string }[];
      for (const row of rows) {
        if (existsSync(path.join(webDist, row.file)))
          variants.push({ pattern: new RegExp(row.pattern), file: row.file });
      }
    } catch {
      variants.length = 0;
    }
  }
  return (pathname) => variants.find((v) => v.pattern.test(pathname))?.file ?? 'index.html';
}

/**
 * The `Link` header that starts a page's own data request with the HTML: the helper list's
 * search and a company page's branch, each built by the same function the page uses
 * (helperSearchApiPath, publicBranchApiPath), so the browser reuses the answer instead of
 * asking again once the page's code has run. null for other pages.
 */
export function pageDataPreload(pathname: string, search: string): string | null {
  const api = pageDataPath(pathname, search);
  return api ? `<${api}>; rel=preload; as=fetch; crossorigin=anonymous` : null;
}

function pageDataPath(pathname: string, search: string): string | null {
  if (/^\/helper-list\/?$/.test(pathname)) return helperSearchApiPath(new URLSearchParams(search));
  const slug = companyPageSlug(pathname);
  // The page reads the slug decoded (its route parameter) and encodes it again.
  return slug === null ? null : publicBranchApiPath(slug);
}

/** The decoded slug of a company page address (/profile/{slug}); null for other pages or a malformed escape. */
export function companyPageSlug(pathname: string): string | null {
  const profile = /^\/profile\/([^/]+)\/?$/.exec(pathname);
  if (!profile) return null;
  try {
    return decodeURIComponent(profile[1] ?? '');
  } catch {
    return null; // the page shows its own not-found
  }
}

/** Reads a built page once and keeps it (the build does not change under a running server). */
export function pageHtmlReader(webDist: string): (file: string) => string {
  const pages = new Map<string, string>();
  return (file) => {
    let html = pages.get(file);
    if (html === undefined) {
      html = readFileSync(path.join(webDist, file), 'utf8');
      pages.set(file, html);
    }
    return html;
  };
}
