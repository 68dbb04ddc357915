/** The pages the web budget measures (bench/web-budget.ts): the public ones, every signed-in screen. */

/**
 * Each page's initial JS at most, in KB gzip, with React 19 (decision 072) and the hydration of
 * server-rendered pages (decision 075: +3 KB on public ones): checked in every
 * build by scripts/check-web-sizes.ts and printed by the bench.
 */
export const BUDGET_KB = { public: 148, signedIn: 175 } as const;

export const budgetOf = (page: Page): number => (page.as ? BUDGET_KB.signedIn : BUDGET_KB.public);

export type DemoRole = 'landlord' | 'renter' | 'admin';
export const DEMO_EMAIL: Record<DemoRole, string> = {
  landlord: 'landlord@stoop.test',
  renter: 'renter@stoop.test',
  admin: 'admin@stoop.test',
};

/** What a page with an id in its path needs from the running server. */
export type Ids = { listing: string; landlordApplication: string; invoice: string | null };

export type Page = {
  /** The page's name in the output: its route pattern (`{id}` for a parameter). */
  path: string;
  /** The route modules it loads (src/web/app/router.tsx). */
  modules: readonly string[];
  /** Signed in as this demo account (a session cookie sent with every request). */
  as?: DemoRole;
  /** The concrete URL, when the pattern has a parameter; null when the demo data has none. */
  url?: (ids: Ids) => string | null;
};

const route = (name: string) => `src/web/app/routes/${name}.tsx`;

/** The public landing pages. */
const PUBLIC_PAGES: readonly Page[] = [
  { path: '/', modules: [route('home')] },
  { path: '/about', modules: [route('about')] },
  { path: '/login', modules: [route('sign-in')] },
  { path: '/search', modules: [route('search')] },
  {
    path: '/listings/{id}',
    // On a phone it replaces itself with `/listings/{id}/mobile`: both route chunks count.
    modules: [route('listing-detail'), route('listing-detail-mobile')],
    url: (ids) => `/listings/${ids.listing}`,
  },
  // The rest of the pages the server renders (issue 49 item 1).
  { path: '/featured', modules: [route('featured')] },
  {
    path: '/listings/{id}/mobile',
    modules: [route('listing-detail-mobile')],
    url: (ids) => `/listings/${ids.listing}/mobile`,
  },
  {
    path: '/simple-listing/{id}',
    modules: [route('simple-listing')],
    url: (ids) => `/simple-listing/${ids.listing}`,
  },
  { path: '/signup', modules: [route('sign-up')] },
  { path: '/register', modules: [route('register')] },
  { path: '/register/renter', modules: [route('register-renter')] },
  { path: '/register/landlord', modules: [route('register-landlord')] },
  // (The not-found page answers 404, which Lighthouse does not measure.)
];

/**
 * Every screen of the route table that a signed-in renter, landlord or admin opens (docs/spec.md §2),
 * with the demo account's own data. The dashboards' charts (uPlot) load after the page.
 */
const SIGNED_IN_PAGES: readonly Page[] = [
  { path: '/renter/dashboard', modules: [route('renter-dashboard')], as: 'renter' },
  { path: '/profile', modules: [route('profile')], as: 'renter' },
  { path: '/saved-listings', modules: [route('saved-listings')], as: 'renter' },
  { path: '/saved-searches', modules: [route('saved-searches')], as: 'renter' },
  { path: '/tours', modules: [route('tours')], as: 'renter' },
  { path: '/notes', modules: [route('notes')], as: 'renter' },
  { path: '/chat', modules: [route('chat')], as: 'renter' },
  { path: '/applications', modules: [route('applications')], as: 'renter' },
  { path: '/applications/profile', modules: [route('application-profile')], as: 'renter' },
  { path: '/landlord/dashboard', modules: [route('landlord-dashboard')], as: 'landlord' },
  { path: '/landlord/listings', modules: [route('landlord-listings')], as: 'landlord' },
  { path: '/listings/create', modules: [route('listing-create')], as: 'landlord' },
  { path: '/landlord/tours', modules: [route('landlord-tours')], as: 'landlord' },
  { path: '/landlord/availability', modules: [route('landlord-availability')], as: 'landlord' },
  { path: '/landlord/waitlist', modules: [route('landlord-waitlist')], as: 'landlord' },
  { path: '/landlord/applications', modules: [route('landlord-applications')], as: 'landlord' },
  {
    path: '/landlord/applications/{id}',
    modules: [route('landlord-application')],
    as: 'landlord',
    url: (ids) => `/landlord/applications/${ids.landlordApplication}`,
  },
  { path: '/landlord/billing', modules: [route('landlord-billing')], as: 'landlord' },
  { path: '/landlord/billing/checkout', modules: [route('landlord-checkout')], as: 'landlord' },
  {
    path: '/landlord/billing/invoices/{id}',
    modules: [route('landlord-invoice')],
    as: 'landlord',
    url: (ids) => ids.invoice && `/landlord/billing/invoices/${ids.invoice}`,
  },
  { path: '/landlord/profile', modules: [route('landlord-profile')], as: 'landlord' },
  { path: '/admin', modules: [route('admin')], as: 'admin' },
];
export const ALL_PAGES = [...PUBLIC_PAGES, ...SIGNED_IN_PAGES];
