import { paths } from '../src/web/config/paths.ts';

export type Access = 'public' | 'login' | 'landlord' | 'renter' | 'admin';

export type RouteCase = {
  /** A concrete address of the route. */
  url: string;
  access: Access;
  /** Where a visitor allowed on the route ends up, when the route redirects. */
  endsOn?: { signedOut?: string; renter?: string; landlord?: string };
  /**
   * The status when it is not 200: a server-rendered page with nothing to show (a listing id
   * that is none), for whoever asks (decision 077).
   */
  status?: number;
};

/** Every route of docs/spec.md §2 (plus the dev mailbox), with a concrete address each. */
export const ROUTES: RouteCase[] = [
  { url: paths.home.href(), access: 'public' },
  { url: paths.featured.href(), access: 'public' },
  { url: paths.register.href(), access: 'public', endsOn: { renter: '/renter/dashboard' } },
  { url: paths.registerRenter.href(), access: 'public', endsOn: { renter: '/renter/dashboard' } },
  { url: paths.registerLandlord.href(), access: 'public', endsOn: { renter: '/renter/dashboard' } },
  { url: paths.login.href(), access: 'public', endsOn: { renter: '/renter/dashboard' } },
  { url: paths.signIn.href(), access: 'public', endsOn: { renter: '/renter/dashboard' } },
  { url: paths.signUp.href(), access: 'public', endsOn: { renter: '/renter/dashboard' } },
  { url: paths.authSignIn.href(), access: 'public', endsOn: { renter: '/renter/dashboard' } },
  { url: paths.authSignUp.href(), access: 'public', endsOn: { renter: '/renter/dashboard' } },
  { url: paths.forgotPassword.href(), access: 'public' },
  { url: paths.resetPassword.href(), access: 'public' },
  {
    url: paths.passwordResetRedirect.href(),
    access: 'public',
    endsOn: { signedOut: '/reset-password', renter: '/reset-password' },
  },
  {
    url: paths.authCallback.href(),
    access: 'public',
    endsOn: { signedOut: '/login', renter: '/renter/dashboard' },
  },
  { url: paths.search.href(), access: 'public' },
  { url: paths.listing.href('42'), access: 'public', status: 404 },
  { url: paths.listingMobile.href('42'), access: 'public', status: 404 },
  { url: paths.about.href(), access: 'public' },
  { url: paths.testPage.href(), access: 'public' },
  { url: paths.simpleListing.href('42'), access: 'public', status: 404 },
  // Without a token: the page says the link is invalid and asks nothing (a 400 logs in the console).
  { url: paths.alertsUnsubscribe.pattern, access: 'public' },
  // A link that can be no invitation: the page says so and asks nothing (issue 29).
  { url: paths.applicationJoin.href('not-a-token'), access: 'public' },
  { url: paths.authProfile.href(), access: 'login' },
  { url: paths.profile.href(), access: 'login' },
  { url: paths.dashboard.href(), access: 'login', endsOn: { renter: '/renter/dashboard' } },
  { url: paths.chat.href(), access: 'login' },
  { url: paths.conversation.href('abc'), access: 'login' },
  { url: paths.tours.href(), access: 'login' },
  { url: paths.notes.href(), access: 'login' },
  { url: paths.savedListings.href(), access: 'login' },
  { url: paths.landlordDashboard.href(), access: 'landlord' },
  { url: paths.landlordTours.href(), access: 'landlord' },
  { url: paths.landlordProfile.href(), access: 'landlord' },
  { url: paths.landlordBilling.href(), access: 'landlord' },
  { url: paths.landlordCheckout.pattern, access: 'landlord' },
  { url: paths.landlordInvoice.href('42'), access: 'landlord' },
  { url: paths.landlordAvailability.href(), access: 'landlord' },
  { url: paths.landlordWaitlist.href(), access: 'landlord' },
  { url: paths.landlordListings.href(), access: 'landlord' },
  { url: paths.listingCreate.href(), access: 'landlord' },
  { url: paths.landlordApplications.href(), access: 'landlord' },
  { url: paths.landlordApplication.href('42'), access: 'landlord' },
  { url: paths.renterDashboard.href(), access: 'renter' },
  { url: paths.savedSearches.href(), access: 'renter' },
  { url: paths.applicationProfile.href(), access: 'renter' },
  { url: paths.applications.href(), access: 'renter' },
  { url: paths.admin.href(), access: 'admin' },
  { url: paths.devMailbox.href(), access: 'public' },
];
