import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApplicationProfilePage } from '../../features/renter-profile/components/application-profile-page.tsx';

/** /applications/profile (renters, issue 28): the reusable application profile and documents. */
export function Component() {
  return (
    <Page title="Application profile" width="wide">
      <PageHeader
        title="Application profile"
        description="Apply to any Stoop listing with one profile. Applying on Stoop is free."
      />
      <ApplicationProfilePage />
    </Page>
  );
}
