import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ListingNeeds } from '../../features/apply/components/listing-needs.tsx';
import { ApplicationProfilePage } from '../../features/renter-profile/components/application-profile-page.tsx';

/** /applications/profile (renters, issue 28): the reusable application profile and documents. */
export function Component() {
  // From a listing's Apply dialog: what that listing asks for too. Anything else is ignored.
  const listingId = z.uuid().safeParse(useSearchParams()[0].get('listingId')).data;
  return (
    <Page title="Application profile" width="wide">
      <PageHeader
        title="Application profile"
        description="Apply to any Stoop listing with one profile. Applying on Stoop is free."
      />
      <ApplicationProfilePage
        aside={
          listingId
            ? ({ missing, documents }) => (
                <ListingNeeds
                  key={listingId}
                  listingId={listingId}
                  missingFields={missing.length}
                  documents={documents}
                />
              )
            : undefined
        }
      />
    </Page>
  );
}
