/**
 * Every route of docs/spec.md §2 by name, so links and tests never spell URLs by hand.
 * `pattern` is what the router matches; `href` builds a concrete link.
 */
export const paths = {
  home: { pattern: '/', href: () => '/' },
  featured: { pattern: '/featured', href: () => '/featured' },
  register: { pattern: '/register', href: () => '/register' },
  registerRenter: { pattern: '/register/renter', href: () => '/register/renter' },
  registerLandlord: { pattern: '/register/landlord', href: () => '/register/landlord' },
  login: { pattern: '/login', href: () => '/login' },
  signIn: { pattern: '/signin', href: () => '/signin' },
  signUp: { pattern: '/signup', href: () => '/signup' },
  authSignIn: { pattern: '/auth/signin', href: () => '/auth/signin' },
  authSignUp: { pattern: '/auth/signup', href: () => '/auth/signup' },
  forgotPassword: { pattern: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { pattern: '/reset-password', href: () => '/reset-password' },
  passwordResetRedirect: {
    pattern: '/password-reset-redirect',
    href: () => '/password-reset-redirect',
  },
  authCallback: { pattern: '/auth/callback', href: () => '/auth/callback' },
  search: { pattern: '/search', href: () => '/search' },
  listing: {
    pattern: '/listings/:id',
    href: (id: string) => `/listings/${encodeURIComponent(id)}`,
  },
  listingMobile: {
    pattern: '/listings/:id/mobile',
    href: (id: string) => `/listings/${encodeURIComponent(id)}/mobile`,
  },
  about: { pattern: '/about', href: () => '/about' },
  testPage: { pattern: '/test-page', href: () => '/test-page' },
  simpleListing: {
    pattern: '/simple-listing/:id',
    href: (id: string) => `/simple-listing/${encodeURIComponent(id)}`,
  },

  authProfile: { pattern: '/auth/profile', href: () => '/auth/profile' },
  profile: { pattern: '/profile', href: () => '/profile' },
  dashboard: { pattern: '/dashboard', href: () => '/dashboard' },
  chat: { pattern: '/chat', href: () => '/chat' },
  conversation: {
    pattern: '/chat/:conversationId',
    href: (conversationId: string) => `/chat/${encodeURIComponent(conversationId)}`,
  },
  tours: { pattern: '/tours', href: () => '/tours' },
  /** A renter's viewing notes (issue 15); `?listing=<id>` shows those about one listing. */
  notes: {
    pattern: '/notes',
    href: (query?: { listing?: string; tour?: string }) => {
      const params = new URLSearchParams();
      if (query?.listing) params.set('listing', query.listing);
      if (query?.tour) params.set('tour', query.tour);
      const search = params.toString();
      return search ? `/notes?${search}` : '/notes';
    },
  },
  savedListings: { pattern: '/saved-listings', href: () => '/saved-listings' },
  /** A renter's saved searches and their alerts (issue 16). */
  savedSearches: { pattern: '/saved-searches', href: () => '/saved-searches' },
  /** A renter's reusable application profile and documents (issue 28). */
  applicationProfile: {
    pattern: '/applications/profile',
    /**
     * With a listing: the page also lists what that listing asks for that is not there yet.
     * With `back` (a household invitation's page, issue 29): a link back there.
     */
    href: (listingId?: string, back?: string) => {
      const params = new URLSearchParams();
      if (listingId) params.set('listingId', listingId);
      if (back) params.set('back', back);
      const search = params.toString();
      return search ? `/applications/profile?${search}` : '/applications/profile';
    },
  },
  /** A renter's applications, each with its status and timeline (issue 28). */
  applications: { pattern: '/applications', href: () => '/applications' },
  /** Public (issue 29): a household invitation's link; a renter joins the application there. */
  applicationJoin: {
    pattern: '/applications/join/:token',
    href: (token: string) => `/applications/join/${encodeURIComponent(token)}`,
  },
  /** Public (issue 16): the one-click unsubscribe link of every alert mail. */
  alertsUnsubscribe: {
    pattern: '/alerts/unsubscribe',
    href: (token: string) => `/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
  },

  landlordDashboard: { pattern: '/landlord/dashboard', href: () => '/landlord/dashboard' },
  landlordTours: { pattern: '/landlord/tours', href: () => '/landlord/tours' },
  landlordProfile: { pattern: '/landlord/profile', href: () => '/landlord/profile' },
  landlordBilling: { pattern: '/landlord/billing', href: () => '/landlord/billing' },
  /** The built-in test checkout (`checkoutUrl` when no card is on file): a card, then the plan. */
  landlordCheckout: {
    pattern: '/landlord/billing/checkout',
    href: (planId: string) => `/landlord/billing/checkout?plan=${encodeURIComponent(planId)}`,
  },
  landlordInvoice: {
    pattern: '/landlord/billing/invoices/:id',
    href: (id: string) => `/landlord/billing/invoices/${encodeURIComponent(id)}`,
  },
  landlordAvailability: {
    pattern: '/landlord/availability',
    href: () => '/landlord/availability',
  },
  landlordWaitlist: { pattern: '/landlord/waitlist', href: () => '/landlord/waitlist' },
  landlordListings: { pattern: '/landlord/listings', href: () => '/landlord/listings' },
  /** Applications on the landlord's listings (issue 28), oldest first, filtered by the query. */
  landlordApplications: {
    pattern: '/landlord/applications',
    href: (filter?: { listingId?: string; status?: string }) => {
      const params = new URLSearchParams();
      if (filter?.listingId) params.set('listingId', filter.listingId);
      if (filter?.status) params.set('status', filter.status);
      const search = params.toString();
      return search ? `/landlord/applications?${search}` : '/landlord/applications';
    },
  },
  landlordApplication: {
    pattern: '/landlord/applications/:id',
    href: (id: string) => `/landlord/applications/${encodeURIComponent(id)}`,
  },
  listingCreate: { pattern: '/listings/create', href: () => '/listings/create' },

  renterDashboard: { pattern: '/renter/dashboard', href: () => '/renter/dashboard' },

  /** Admin only (issue 15): moderation. The admin's dashboard. */
  admin: { pattern: '/admin', href: () => '/admin' },

  /** Dev-only tool, outside the spec's route table: the outbox of sent mail. */
  devMailbox: { pattern: '/dev/mailbox', href: () => '/dev/mailbox' },
} as const;
