import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useSavedListings } from '../../features/saved-listings/components/saved-listings-provider.tsx';

/** /saved-listings */
export function Component() {
  const { savedListings } = useSavedListings();
  return (
    <Page title="Saved listings">
      <PageHeader title="Saved listings" description="Apartments you saved while browsing." />
      {savedListings.length === 0 ? (
        <EmptyState
          title="No saved listings yet"
          action={
            <Link to="/search" className={buttonClass('primary')}>
              Browse apartments
            </Link>
          }
        >
          <p>Save an apartment while you browse and it will show up here.</p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {savedListings.map((saved) => (
            <li key={saved.id}>
              <Link
                to={`/listings/${encodeURIComponent(saved.listing_id)}`}
                className="block rounded-xl border border-stone-200 bg-white p-4 font-medium shadow-sm hover:border-brand-700"
              >
                Listing {saved.listing_id}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
