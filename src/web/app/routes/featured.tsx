import { Alert } from '../../components/ui/alert.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useFeaturedListings } from '../../features/listings/api/listings-api.ts';
import { ListingGrid } from '../../features/listings/components/listing-grid.tsx';
import { SaveButton } from '../../features/saved-listings/components/save-button.tsx';
import { errorMessage } from '../../lib/api-client.ts';

/** /featured: hand-picked listings. */
export function Component() {
  const featured = useFeaturedListings();
  return (
    <Page title="Featured listings" width="wide">
      <PageHeader
        title="Featured listings"
        description="Hand-picked no-fee apartments across New York."
      />
      {featured.isError ? (
        <Alert>{errorMessage(featured.error)}</Alert>
      ) : featured.data?.length === 0 ? (
        <EmptyState title="No featured listings right now">
          <p>Check back soon, or search every apartment.</p>
        </EmptyState>
      ) : (
        <ListingGrid
          listings={featured.data}
          placeholders={6}
          headingLevel="h2"
          actionFor={(listing) => <SaveButton listingId={listing.id} title={listing.title} />}
        />
      )}
    </Page>
  );
}
