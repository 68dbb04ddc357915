import { useParams } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { LandlordApplicationDetail } from '../../features/applications/components/landlord-application-detail.tsx';

/** /landlord/applications/:id (issue 28): one application, its documents and the moves. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <Page title="Application" width="wide">
      <LandlordApplicationDetail key={id} id={id} />
    </Page>
  );
}
