import { useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { AfterPaint } from '../../components/ui/after-paint.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { AlertNotifier } from '../../features/saved-searches/components/alert-notifier.tsx';
import { isHydrating } from '../../lib/hydration.ts';
import { LiveEvents } from '../../lib/live/live-events.tsx';
import { Navbar, NavbarPlaceholder } from './navbar.tsx';
import { SiteFooter } from './site-footer.tsx';

/** The live stream's handlers are a chunk of their own (see live-handlers.ts). */
const loadLiveFeatures = () => import('../live-handlers.ts').then((m) => m.liveFeatures);

/** docs/spec.md §2: every route but `/` renders inside the top bar and a main area. */
export function AppLayout() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  const { user } = useAuth();
  // A page rendered on the server has its bar in the HTML already: nothing to defer then.
  const [barInMarkup] = useState(isHydrating);
  const bar = (
    <>
      {/* Live events for the signed-in user (messages, read receipts, unread counts). */}
      <LiveEvents userId={user?.id ?? null} load={loadLiveFeatures} />
      {/* A renter's saved-search and saved-listing alerts, as toasts (issue 16). */}
      <AlertNotifier enabled={user?.userType === 'renter'} listingHref={paths.listing.href} />
      <Navbar />
    </>
  );
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div
        className={
          loading
            ? 'fixed inset-x-0 top-0 z-50 h-0.5 origin-left animate-pulse bg-brand-600'
            : 'hidden'
        }
        aria-hidden="true"
      />
      {loading ? (
        <p className="sr-only" role="status">
          Loading...
        </p>
      ) : null}
      {/* On the app's first load the bar renders in a task after the page's: one render of both
          was a single 20-30 ms task on this machine, and the page's heading, its largest text,
          now paints before the bar's requests start (decision 067). Until then an empty bar of
          the same height holds its place. */}
      {barInMarkup ? bar : <AfterPaint fallback={<NavbarPlaceholder />}>{bar}</AfterPaint>}
      {/* At least the viewport below the 4rem bar: the footer starts below the fold, so a page
          whose figures arrive after the first paint grows without shifting it (CLS). */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1 print:min-h-0" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
