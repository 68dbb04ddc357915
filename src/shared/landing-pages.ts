/**
 * The pages people arrive on from outside (search engines, shared links, the home page, and the
 * signed-in screens they open directly), by URL, and the web app's pages each one loads at once. The server names those pages' chunks in its
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
  // The signed-in screens, opened straight from a bookmark, a mail or a reload (issue 30): named
  // in the HTML, their chunks no longer wait for the entry, and the entry's first task no longer
  // adds a preload link for each of them (on this machine, 20 or more a page). Before the listing
  // pattern below, which `/listings/create` would match.
  { pattern: /^\/listings\/create\/?$/, pages: ['listing-create'] },
  { pattern: /^\/renter\/dashboard\/?$/, pages: ['renter-dashboard'] },
  { pattern: /^\/(auth\/)?profile\/?$/, pages: ['profile'] },
  { pattern: /^\/chat(\/[^/]+)?\/?$/, pages: ['chat'] },
  { pattern: /^\/tours\/?$/, pages: ['tours'] },
  { pattern: /^\/notes\/?$/, pages: ['notes'] },
  { pattern: /^\/saved-listings\/?$/, pages: ['saved-listings'] },
  { pattern: /^\/saved-searches\/?$/, pages: ['saved-searches'] },
  { pattern: /^\/applications\/?$/, pages: ['applications'] },
  { pattern: /^\/applications\/profile\/?$/, pages: ['application-profile'] },
  { pattern: /^\/landlord\/dashboard\/?$/, pages: ['landlord-dashboard'] },
  { pattern: /^\/landlord\/listings\/?$/, pages: ['landlord-listings'] },
  { pattern: /^\/landlord\/tours\/?$/, pages: ['landlord-tours'] },
  { pattern: /^\/landlord\/availability\/?$/, pages: ['landlord-availability'] },
  { pattern: /^\/landlord\/waitlist\/?$/, pages: ['landlord-waitlist'] },
  { pattern: /^\/landlord\/applications\/?$/, pages: ['landlord-applications'] },
  { pattern: /^\/landlord\/applications\/[^/]+\/?$/, pages: ['landlord-application'] },
  { pattern: /^\/landlord\/billing\/?$/, pages: ['landlord-billing'] },
  { pattern: /^\/landlord\/billing\/checkout\/?$/, pages: ['landlord-checkout'] },
  { pattern: /^\/landlord\/billing\/invoices\/[^/]+\/?$/, pages: ['landlord-invoice'] },
  { pattern: /^\/landlord\/profile\/?$/, pages: ['landlord-profile'] },
  { pattern: /^\/admin\/?$/, pages: ['admin'] },
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
