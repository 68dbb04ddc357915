import {
  createBrowserRouter,
  type HydrationState,
  type Location,
  matchRoutes,
  Outlet,
  type RouteObject,
} from 'react-router';
import { SERVER_RENDERED } from '../../shared/ssr.ts';
import { FullPageStatus } from '../components/ui/full-page-status.tsx';
import { paths } from '../config/paths.ts';
import { MobileVariantRedirect } from './guards/mobile-variant-redirect.tsx';
import { RecoveryRedirect } from './guards/recovery-redirect.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { RequireRole } from './guards/require-role.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { RootRoute } from './root-route.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Each page is its own chunk: `lazy` loads a route module that exports `Component`.
 * Several paths of docs/spec.md §2 share one page (e.g. /login, /signin and /auth/signin).
 */
const page = {
  home: () => import('./routes/home.tsx'),
  featured: () => import('./routes/featured.tsx'),
  register: () => import('./routes/register.tsx'),
  registerRenter: () => import('./routes/register-renter.tsx'),
  registerLandlord: () => import('./routes/register-landlord.tsx'),
  signIn: () => import('./routes/sign-in.tsx'),
  signUp: () => import('./routes/sign-up.tsx'),
  forgotPassword: () => import('./routes/forgot-password.tsx'),
  resetPassword: () => import('./routes/reset-password.tsx'),
  passwordResetRedirect: () => import('./routes/password-reset-redirect.tsx'),
  authCallback: () => import('./routes/auth-callback.tsx'),
  search: () => import('./routes/search.tsx'),
  listing: () => import('./routes/listing-detail.tsx'),
  listingMobile: () => import('./routes/listing-detail-mobile.tsx'),
  about: () => import('./routes/about.tsx'),
  testPage: () => import('./routes/test-page.tsx'),
  simpleListing: () => import('./routes/simple-listing.tsx'),
  profile: () => import('./routes/profile.tsx'),
  dashboard: () => import('./routes/dashboard.tsx'),
  chat: () => import('./routes/chat.tsx'),
  tours: () => import('./routes/tours.tsx'),
  notes: () => import('./routes/notes.tsx'),
  savedListings: () => import('./routes/saved-listings.tsx'),
  savedSearches: () => import('./routes/saved-searches.tsx'),
  applicationProfile: () => import('./routes/application-profile.tsx'),
  applications: () => import('./routes/applications.tsx'),
  applicationJoin: () => import('./routes/application-join.tsx'),
  alertsUnsubscribe: () => import('./routes/alerts-unsubscribe.tsx'),
  landlordDashboard: () => import('./routes/landlord-dashboard.tsx'),
  landlordTours: () => import('./routes/landlord-tours.tsx'),
  landlordProfile: () => import('./routes/landlord-profile.tsx'),
  landlordBilling: () => import('./routes/landlord-billing.tsx'),
  landlordCheckout: () => import('./routes/landlord-checkout.tsx'),
  landlordInvoice: () => import('./routes/landlord-invoice.tsx'),
  landlordAvailability: () => import('./routes/landlord-availability.tsx'),
  landlordWaitlist: () => import('./routes/landlord-waitlist.tsx'),
  landlordListings: () => import('./routes/landlord-listings.tsx'),
  landlordApplications: () => import('./routes/landlord-applications.tsx'),
  landlordApplication: () => import('./routes/landlord-application.tsx'),
  listingCreate: () => import('./routes/listing-create.tsx'),
  renterDashboard: () => import('./routes/renter-dashboard.tsx'),
  admin: () => import('./routes/admin.tsx'),
  devMailbox: () => import('./routes/dev-mailbox.tsx'),
  notFound: () => import('./routes/not-found.tsx'),
} as const;

/**
 * The route table of docs/spec.md §2, one entry per path, with the guards of docs/spec.md §6 as
 * wrappers (the landlord confinement wraps everything, in `RootRoute`). The pages marked
 * `SERVER_RENDERED` arrive rendered from the server and hydrate (decision 075).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    errorElement: <RouteError />,
    // While the first page's code loads, one full-screen 'Loading...' (not the layout with an
    // empty main area, whose footer would then shift down: CLS).
    hydrateFallbackElement: <FullPageStatus fullScreen message="Loading..." />,
    children: [
      // `/` has no navigation bar; it hands password-recovery addresses to /reset-password.
      {
        path: paths.home.pattern,
        element: <RecoveryRedirect />,
        children: [{ index: true, lazy: page.home, handle: SERVER_RENDERED }],
      },
      {
        element: <AppLayout />,
        children: [
          {
            // Pathless: page errors render inside the layout, below the navigation bar.
            element: <Outlet />,
            errorElement: <RouteError />,
            children: [
              // Public routes
              { path: paths.featured.pattern, lazy: page.featured, handle: SERVER_RENDERED },
              { path: paths.register.pattern, lazy: page.register, handle: SERVER_RENDERED },
              {
                path: paths.registerRenter.pattern,
                lazy: page.registerRenter,
                handle: SERVER_RENDERED,
              },
              {
                path: paths.registerLandlord.pattern,
                lazy: page.registerLandlord,
                handle: SERVER_RENDERED,
              },
              { path: paths.login.pattern, lazy: page.signIn, handle: SERVER_RENDERED },
              { path: paths.signIn.pattern, lazy: page.signIn, handle: SERVER_RENDERED },
              { path: paths.signUp.pattern, lazy: page.signUp, handle: SERVER_RENDERED },
              { path: paths.authSignIn.pattern, lazy: page.signIn, handle: SERVER_RENDERED },
              { path: paths.authSignUp.pattern, lazy: page.signUp, handle: SERVER_RENDERED },
              { path: paths.forgotPassword.pattern, lazy: page.forgotPassword },
              { path: paths.resetPassword.pattern, lazy: page.resetPassword },
              { path: paths.passwordResetRedirect.pattern, lazy: page.passwordResetRedirect },
              { path: paths.authCallback.pattern, lazy: page.authCallback },
              { path: paths.search.pattern, lazy: page.search, handle: SERVER_RENDERED },
              {
                path: paths.listing.pattern,
                element: <MobileVariantRedirect to={paths.listingMobile.pattern} />,
                children: [{ index: true, lazy: page.listing, handle: SERVER_RENDERED }],
              },
              {
                path: paths.listingMobile.pattern,
                lazy: page.listingMobile,
                handle: SERVER_RENDERED,
              },
              { path: paths.about.pattern, lazy: page.about, handle: SERVER_RENDERED },
              { path: paths.testPage.pattern, lazy: page.testPage },
              {
                path: paths.simpleListing.pattern,
                lazy: page.simpleListing,
                handle: SERVER_RENDERED,
              },
              // The one-click link of every alert mail (issue 16): works signed out.
              { path: paths.alertsUnsubscribe.pattern, lazy: page.alertsUnsubscribe },
              // A household invitation's link (issue 29): read signed out; a renter joins.
              { path: paths.applicationJoin.pattern, lazy: page.applicationJoin },

              // Login required
              {
                element: <RequireAuth />,
                children: [
                  { path: paths.authProfile.pattern, lazy: page.profile },
                  { path: paths.profile.pattern, lazy: page.profile },
                  { path: paths.dashboard.pattern, lazy: page.dashboard },
                  { path: paths.chat.pattern, lazy: page.chat },
                  { path: paths.conversation.pattern, lazy: page.chat },
                  { path: paths.tours.pattern, lazy: page.tours },
                  { path: paths.notes.pattern, lazy: page.notes },
                  { path: paths.savedListings.pattern, lazy: page.savedListings },
                ],
              },

              // Landlord only
              {
                element: <RequireRole allow="landlord" />,
                children: [
                  { path: paths.landlordDashboard.pattern, lazy: page.landlordDashboard },
                  { path: paths.landlordTours.pattern, lazy: page.landlordTours },
                  { path: paths.landlordProfile.pattern, lazy: page.landlordProfile },
                  { path: paths.landlordBilling.pattern, lazy: page.landlordBilling },
                  { path: paths.landlordCheckout.pattern, lazy: page.landlordCheckout },
                  { path: paths.landlordInvoice.pattern, lazy: page.landlordInvoice },
                  { path: paths.landlordAvailability.pattern, lazy: page.landlordAvailability },
                  { path: paths.landlordWaitlist.pattern, lazy: page.landlordWaitlist },
                  { path: paths.landlordListings.pattern, lazy: page.landlordListings },
                  { path: paths.landlordApplications.pattern, lazy: page.landlordApplications },
                  { path: paths.landlordApplication.pattern, lazy: page.landlordApplication },
                  { path: paths.listingCreate.pattern, lazy: page.listingCreate },
                ],
              },

              // Renter only
              {
                element: <RequireRole allow="renter" />,
                children: [
                  { path: paths.renterDashboard.pattern, lazy: page.renterDashboard },
                  { path: paths.savedSearches.pattern, lazy: page.savedSearches },
                  { path: paths.applicationProfile.pattern, lazy: page.applicationProfile },
                  { path: paths.applications.pattern, lazy: page.applications },
                ],
              },

              // Admin only (issue 15): the moderation console, the admin's dashboard.
              {
                element: <RequireRole allow="admin" />,
                children: [{ path: paths.admin.pattern, lazy: page.admin }],
              },

              // Dev-only tool outside the spec's table (the API answers 404 in production).
              { path: paths.devMailbox.pattern, lazy: page.devMailbox },

              { path: '*', lazy: page.notFound, handle: SERVER_RENDERED },
            ],
          },
        ],
      },
    ],
  },
];

/** The browser's router; `hydrationData` for a page the server rendered (decision 075). */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}

/**
 * Loads the page modules `location` renders, into the route table, before a server-rendered
 * page hydrates: a route still lazy would render the start-up fallback, not the server's markup.
 */
export async function loadMatchedPages(location: Pick<Location, 'pathname'>): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const load = route.lazy;
      if (typeof load !== 'function') return;
      const module = await load();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
