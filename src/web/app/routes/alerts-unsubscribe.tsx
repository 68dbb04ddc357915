import { useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { UnsubscribeView } from '../../features/saved-searches/components/unsubscribe-view.tsx';

/** /alerts/unsubscribe?token=… (public, issue 16): the one-click link of every alert mail. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <Page title="Unsubscribe from alerts" width="narrow">
      <PageHeader title="Unsubscribe from alerts" />
      <UnsubscribeView
        token={params.get('token')}
        savedSearchesHref={paths.savedSearches.href()}
        savedListingsHref={paths.savedListings.href()}
      />
    </Page>
  );
}
