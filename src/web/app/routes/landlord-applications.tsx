import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { LandlordApplications } from '../../features/applications/components/landlord-applications.tsx';

/** /landlord/applications (issue 28): applications on every listing, the longest waiting first. */
export function Component() {
  return (
    <Page title="Applications" width="wide">
      <PageHeader
        title="Applications"
        description="Every application on your listings, the longest waiting first, held to the criteria each listing showed."
      />
      <LandlordApplications />
    </Page>
  );
}
