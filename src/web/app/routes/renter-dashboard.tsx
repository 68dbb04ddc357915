import { Link } from 'react-router';
import { AfterPaint } from '../../components/ui/after-paint.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DashboardCard, StatTile } from '../../components/ui/stat-card.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useApplicationCounts } from '../../features/dashboards/api/get-application-counts.ts';
import { useRenterDashboard } from '../../features/dashboards/api/get-renter-dashboard.ts';
import { ApplicationsCard } from '../../features/dashboards/components/applications-card.tsx';
import { ListingCard } from '../../features/listings/components/listing-card.tsx';
import { useLatestConversations } from '../../features/messaging/api/get-conversations.ts';
import { useUnreadCounts } from '../../features/messaging/api/get-unread-count.ts';
import {
  LATEST_CONVERSATIONS,
  LatestConversations,
} from '../../features/messaging/components/latest-conversations.tsx';
import { useNotes } from '../../features/notes/components/notes-provider.tsx';
import { useServerSavedListings } from '../../features/saved-listings/api/saved-listings-api.ts';
import { useMyWaitlist } from '../../features/tours/api/get-my-waitlist.ts';
import { useTours } from '../../features/tours/api/get-tours.ts';
import { RenterToursCard } from '../../features/tours/components/renter-tours-card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { SavedListingsGrid } from '../saved/saved-listings-grid.tsx';

const SAVED_SHOWN = 6;

/**
 * The listings' sections start below the fold on a phone: until scrolled near, the browser skips
 * their style, layout and paint (34 ms of it in one task at a 2x CPU throttle when the cards were
 * inserted), keeping the size they last rendered at.
 */
const BELOW_THE_FOLD = '[contain-intrinsic-size:auto_40rem] [content-visibility:auto]';

/** The saved tile's note: price drops and listings gone, from the dashboard's counts. */
function savedHint(drops: number | undefined, gone: number): string | undefined {
  const parts = [
    drops ? `${drops} price drop${drops === 1 ? '' : 's'}` : null,
    gone > 0 ? `${gone} no longer available` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/**
 * /renter/dashboard: saved listings (price changes and "no longer available" marked), tours,
 * conversations with unread counts, applications by status, notes, and listings like the saved ones
 * (`GET /api/renter/dashboard`). The saved grid and the conversations are the live lists the
 * save buttons and the message stream keep current.
 */
export function Component() {
  const { user } = useAuth();
  const dashboard = useRenterDashboard();
  const saved = useServerSavedListings(true);
  const unread = useUnreadCounts(user?.id ?? null);
  const { notes, pendingSync } = useNotes();
  const savedCount = saved.data?.length;
  const unavailable =
    saved.data?.filter((item) => !item.available).length ??
    dashboard.data?.saved.noLongerAvailable ??
    0;
  const similar = dashboard.data?.similar ?? [];
  // The cards' own queries, asked here too (the same cache entries), so the page shows one
  // loading state and then every card at once: cards filling in one by one pushed the ones
  // below them down (CLS 0.09 on a phone).
  const tours = useTours({ scope: 'upcoming' });
  const waitlist = useMyWaitlist();
  const conversations = useLatestConversations(LATEST_CONVERSATIONS);
  const applicationCounts = useApplicationCounts();
  const cardsPending =
    dashboard.isPending ||
    saved.isPending ||
    unread === undefined ||
    tours.isPending ||
    waitlist.isPending ||
    conversations.isPending ||
    applicationCounts.isPending;
  return (
    <Page title="Your dashboard" width="wide">
      <PageHeader
        title={`Welcome, ${user?.name ?? 'renter'}`}
        description="Everything about your apartment hunt in one place."
        actions={
          <Link to="/search" className={buttonClass('primary')}>
            Browse apartments
          </Link>
        }
      />
      {cardsPending ? (
        <div className="flex justify-center p-6">
          <Spinner size="lg" label="Loading your dashboard" />
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatTile
              label="Saved listings"
              value={savedCount === undefined ? '…' : String(savedCount)}
              hint={savedHint(dashboard.data?.saved.priceDrops, unavailable)}
              href={paths.savedListings.href()}
              testId="stat-saved"
            />
            <StatTile
              label="Unread messages"
              value={unread === undefined ? '…' : String(unread.total)}
              href={paths.chat.href()}
              testId="stat-unread"
            />
            {/* On a phone the two cards take a row each: half of 375 px cut tour titles short. */}
            <div className="col-span-2 grid min-w-0 grid-cols-1 sm:col-span-1">
              <RenterToursCard toursHref={paths.tours.href()} />
            </div>
            <div className="col-span-2 grid min-w-0 grid-cols-1 sm:col-span-1">
              <DashboardCard
                title="Viewing notes"
                count={notes.length}
                empty="No notes yet. Jot down what you liked at each viewing, even offline."
                href={paths.notes.href()}
                linkLabel={
                  pendingSync.length > 0
                    ? `Your notes (${pendingSync.length} waiting to sync)`
                    : 'Your notes'
                }
              />
            </div>
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              {user ? (
                <LatestConversations
                  userId={user.id}
                  emptyText="No conversations yet. Message a landlord from a listing to start one."
                />
              ) : null}
            </div>
            <ApplicationsCard
              side="renter"
              href={paths.applications.href()}
              linkLabel="Your applications"
            />
          </div>
          {/* The listings' cards, below the fold on a phone, render after the figures have been
              painted: in the one render with everything else they were a 95 ms task. */}
          <AfterPaint>
            <section aria-labelledby="saved-heading" className={BELOW_THE_FOLD}>
              <div className="mb-3 flex items-baseline justify-between">
                <h2 id="saved-heading" className="text-lg font-semibold text-stone-900">
                  Saved listings
                </h2>
                {savedCount ? (
                  <Link
                    to={paths.savedListings.href()}
                    className="text-sm font-semibold text-brand-800 hover:underline"
                  >
                    All saved listings →
                  </Link>
                ) : null}
              </div>
              {saved.isPending ? (
                <div className="flex justify-center p-6">
                  <Spinner size="md" label="Loading saved listings" />
                </div>
              ) : saved.isError ? (
                <Alert>{errorMessage(saved.error)}</Alert>
              ) : (
                <SavedListingsGrid
                  items={saved.data.slice(0, SAVED_SHOWN)}
                  headingLevel="h3"
                  browseVariant="secondary"
                  testId="dashboard-saved"
                />
              )}
            </section>
          </AfterPaint>
          <AfterPaint>
            {similar.length > 0 ? (
              <section aria-labelledby="similar-heading" className={BELOW_THE_FOLD}>
                <div className="mb-3 flex items-baseline justify-between">
                  <h2 id="similar-heading" className="text-lg font-semibold text-stone-900">
                    Similar to what you saved
                  </h2>
                  <Link
                    to={paths.search.href()}
                    className="text-sm font-semibold text-brand-800 hover:underline"
                  >
                    Search more →
                  </Link>
                </div>
                <ul
                  className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
                  data-testid="dashboard-similar"
                >
                  {similar.map((listing) => (
                    <li key={listing.id}>
                      <ListingCard listing={listing} headingLevel="h3" />
                    </li>
                  ))}
                </ul>
              </section>
            ) : dashboard.isError ? (
              <Alert>{errorMessage(dashboard.error)}</Alert>
            ) : null}
          </AfterPaint>
        </div>
      )}
    </Page>
  );
}
