/**
 * The pages people arrive on from outside (search engines, shared links, the home page), by URL,
 * and the web app's pages each one loads at once. The server names those pages' chunks in its
 * HTML so they download beside the entry (decision 018); others load as before.
 *
 * A page is named as the build names it: its route module's file name (`home` for the router's
 * `routes/home.tsx`). The build writes every page's key in Vite's manifest to
 * `.vite/pages.json` and fails when a page named here has none (vite.config.ts), so a renamed
 * route cannot silently lose its preloads.
 *
 * `/listings/{id}` names its phone variant too: on a phone the page replaces itself with
 * `/listings/{id}/mobile` as soon as it runs, and that chunk would be one more round trip before
 * the page (and its cover photo, the largest paint) can render. It is a few hundred bytes that
 * import the desktop page.
 */
export type LandingPage = { pattern: RegExp; pages: readonly string[] };

export const LANDING_PAGES: readonly LandingPage[] = [
  { pattern: /^\/$/, pages: ['home'] },
  { pattern: /^\/search\/?$/, pages: ['search'] },
  { pattern: /^\/featured\/?$/, pages: ['featured'] },
  { pattern: /^\/about\/?$/, pages: ['about'] },
  { pattern: /^\/listings\/[^/]+\/?$/, pages: ['listing-detail', 'listing-detail-mobile'] },
  { pattern: /^\/listings\/[^/]+\/mobile\/?$/, pages: ['listing-detail-mobile'] },
  { pattern: /^\/simple-listing\/[^/]+\/?$/, pages: ['simple-listing'] },
  { pattern: /^\/(login|signin)\/?$/, pages: ['sign-in'] },
  // An invitation's link, opened from its mail (issue 29).
  { pattern: /^\/applications\/join\/[^/]+\/?$/, pages: ['application-join'] },
];

/** `.vite/pages.json`: each page of the web app by name, and its key in Vite's manifest. */
export type PageIndex = Record<string, string>;

export const PAGE_INDEX_FILE = '.vite/pages.json';
