import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DashboardCard, StatTile } from '../../components/ui/stat-card.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { ListingCard } from '../../features/listings/components/listing-card.tsx';
import { useUnreadCounts } from '../../features/messaging/api/get-unread-count.ts';
import { LatestConversations } from '../../features/messaging/components/latest-conversations.tsx';
import { useNotes } from '../../features/notes/components/notes-provider.tsx';
import { useServerSavedListings } from '../../features/saved-listings/api/saved-listings-api.ts';
import { SaveButton } from '../../features/saved-listings/components/save-button.tsx';
import { SavedListingNote } from '../../features/saved-listings/components/saved-listing-note.tsx';
import { errorMessage } from '../../lib/api-client.ts';

const SAVED_SHOWN = 6;

/** /renter/dashboard */
export function Component() {
  const { user } = useAuth();
  const saved = useServerSavedListings(true);
  const unread = useUnreadCounts(user?.id ?? null);
  const { notes } = useNotes();
  const savedCount = saved.data?.length;
  const unavailable = saved.data?.filter((item) => !item.available).length ?? 0;
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
      <div className="flex flex-col gap-6">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatTile
            label="Saved listings"
            value={savedCount === undefined ? '…' : String(savedCount)}
            hint={unavailable > 0 ? `${unavailable} no longer available` : undefined}
            href={paths.savedListings.href()}
            testId="stat-saved"
          />
          <StatTile
            label="Unread messages"
            value={unread === undefined ? '…' : String(unread.total)}
            href={paths.chat.href()}
            testId="stat-unread"
          />
          <DashboardCard
            title="Tours"
            count={null}
            empty="Tour booking is coming soon."
            href="/tours"
            linkLabel="Tours"
          />
          <DashboardCard
            title="Viewing notes"
            count={notes.length}
            empty="No notes yet. Notes you take on a viewing stay in this browser."
            href="/profile"
            linkLabel="Your profile"
          />
        </div>
        {user ? (
          <LatestConversations
            userId={user.id}
            emptyText="No conversations yet. Message a landlord from a listing to start one."
          />
        ) : null}
        <section aria-labelledby="saved-heading">
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
          ) : saved.data.length === 0 ? (
            <EmptyState
              title="No saved listings yet"
              as="h3"
              action={
                <Link to={paths.search.href()} className={buttonClass('secondary')}>
                  Browse apartments
                </Link>
              }
            >
              <p>Save an apartment while you browse and it will show up here.</p>
            </EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="dashboard-saved">
              {saved.data.slice(0, SAVED_SHOWN).map((item) => (
                <li key={item.id}>
                  <ListingCard
                    listing={item.listing}
                    headingLevel="h3"
                    action={<SaveButton listingId={item.listingId} title={item.listing.title} />}
                    note={<SavedListingNote item={item} />}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Page>
  );
}
