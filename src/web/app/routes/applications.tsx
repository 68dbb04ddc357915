import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { RenterApplications } from '../../features/applications/components/renter-applications.tsx';

/** /applications (renters, issue 28): every application sent, its status, timeline and next step. */
export function Component() {
  return (
    <Page title="Applications">
      <PageHeader
        title="Applications"
        description="Where each application stands and what the landlord did. Applying on Stoop is free."
        actions={
          <Link to={paths.applicationProfile.href()} className={buttonClass('secondary')}>
            Application profile
          </Link>
        }
      />
      <RenterApplications />
    </Page>
  );
}
