/**
 * The head of a page as the server sends it, before any JavaScript runs: what search engines and
 * link previews (chat apps, social sites) read. The web build's HTML carries a generic title and
 * description; a page that knows better (a company page) gets its own here.
 */
export type TPageHead = {
  title: string;
  description: string;
  /** Absolute URL of the page (canonical and og:url). */
  url: string;
  /** Absolute URL of an image for link previews. */
  image?: string | null;
  /** A page that does not exist: keep it out of search results. */
  noindex?: boolean;
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Collapses whitespace and cuts at a word boundary to at most `max` characters (with an ellipsis). */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** `html` with its title and description replaced and the preview tags added. */
export function withPageHead(html: string, head: TPageHead): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Haulpro" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : '',
    '<meta name="twitter:card" content="summary" />',
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
