/* Pure rules of a page's head: what it says (the server writes it into HTML in http/page-head.ts). */

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

/** Collapses whitespace and cuts at a word boundary to at most `max` characters (with an ellipsis). */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
