import { Alert } from '../../components/ui/alert.tsx';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useServerSavedListings } from '../../features/saved-listings/api/saved-listings-api.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { SavedListingsGrid } from '../saved/saved-listings-grid.tsx';

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
      ) : (
        <SavedListingsGrid items={saved.data} />
      )}
    </Page>
  );
}
