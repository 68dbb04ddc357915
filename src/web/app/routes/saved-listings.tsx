import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { ListingCard } from '../../features/listings/components/listing-card.tsx';
import { useServerSavedListings } from '../../features/saved-listings/api/saved-listings-api.ts';
import { SaveButton } from '../../features/saved-listings/components/save-button.tsx';
import { SavedListingNote } from '../../features/saved-listings/components/saved-listing-note.tsx';
import { errorMessage } from '../../lib/api-client.ts';

/** /saved-listings: the signed-in user's saved apartments, unavailable ones marked. */
export function Component() {
  const saved = useServerSavedListings(true);
  return (
    <Page title="Saved listings" width="wide">
      <PageHeader title="Saved listings" description="Apartments you saved while browsing." />
      {saved.isPending ? (
        <FullPageStatus message="Loading saved listings..." />
      ) : saved.isError ? (
        <Alert>{errorMessage(saved.error)}</Alert>
      ) : saved.data.length === 0 ? (
        <EmptyState
          title="No saved listings yet"
          action={
            <Link to={paths.search.href()} className={buttonClass('primary')}>
              Browse apartments
            </Link>
          }
        >
          <p>Save an apartment while you browse and it will show up here.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {saved.data.map((item) => (
            <li key={item.id}>
              <ListingCard
                listing={item.listing}
                action={<SaveButton listingId={item.listingId} title={item.listing.title} />}
                note={<SavedListingNote item={item} />}
              />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
