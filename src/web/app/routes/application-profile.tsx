import { Link, useSearchParams } from 'react-router';
import { isUuid } from '../../../shared/uuid.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ListingNeeds } from '../../features/apply/components/listing-needs.tsx';
import { ApplicationProfilePage } from '../../features/renter-profile/components/application-profile-page.tsx';

/** /applications/profile (renters, issue 28): the reusable application profile and documents. */
export function Component() {
  // From a listing's Apply dialog: what that listing asks for too. Anything else is ignored.
  const [params] = useSearchParams();
  const requested = params.get('listingId') ?? '';
  const listingId = isUuid(requested) ? requested : undefined;
  // From a household invitation (issue 29): the way back to it. Only such a page, never any
  // address a link could carry here.
  const back = /^\/applications\/join\/[A-Za-z0-9_-]+$/.test(params.get('back') ?? '')
    ? params.get('back')
    : null;
  return (
    <Page title="Application profile" width="wide">
      <PageHeader
        title="Application profile"
        description="Apply to any Stoop listing with one profile. Applying on Stoop is free."
        actions={
          back ? (
            <Link to={back} className={buttonClass('primary')}>
              Back to your invitation
            </Link>
          ) : undefined
        }
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
