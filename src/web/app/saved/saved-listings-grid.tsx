import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { ListingCard } from '../../features/listings/components/listing-card.tsx';
import type { ServerSavedListing } from '../../features/saved-listings/api/saved-listings-api.ts';
import { SaveButton } from '../../features/saved-listings/components/save-button.tsx';
import { SavedListingNote } from '../../features/saved-listings/components/saved-listing-note.tsx';

type SavedListingsGridProps = {
  items: readonly ServerSavedListing[];
  /** Under a page's h2 (the dashboard's section) the cards and the empty state take h3. */
  headingLevel?: 'h2' | 'h3';
  /** The empty state's "Browse apartments" look: secondary where the page has a primary one. */
  browseVariant?: 'primary' | 'secondary';
  testId?: string;
};

/** The saved apartments as cards (unsave button, unavailable note), or how to save one. */
export function SavedListingsGrid({
  items,
  headingLevel = 'h2',
  browseVariant = 'primary',
  testId,
}: SavedListingsGridProps) {
  if (items.length === 0) {
    return (
      <EmptyState
        title="No saved listings yet"
        as={headingLevel}
        action={
          <Link to={paths.search.href()} className={buttonClass(browseVariant)}>
            Browse apartments
          </Link>
        }
      >
        <p>Save an apartment while you browse and it will show up here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id}>
          <ListingCard
            listing={item.listing}
            headingLevel={headingLevel}
            action={<SaveButton listingId={item.listingId} title={item.listing.title} />}
            note={<SavedListingNote item={item} />}
          />
        </li>
      ))}
    </ul>
  );
}
