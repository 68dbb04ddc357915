import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { ListingCard } from '../../features/listings/components/listing-card.tsx';
import { SavedSearchesView } from '../../features/saved-searches/components/saved-searches-view.tsx';

/** /saved-searches (renters, issue 16): saved searches, their new matches and their alerts. */
export function Component() {
  return (
    <Page title="Saved searches" width="wide">
      <PageHeader
        title="Saved searches"
        description="Searches you saved, with the listings that matched since you last looked. Choose how you hear about new ones."
      />
      <SavedSearchesView
        searchHref={paths.search.href()}
        renderListing={(listing, note) => (
          <ListingCard listing={listing} headingLevel="h3" note={note} />
        )}
      />
    </Page>
  );
}
