import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { MailboxView } from '../../features/mailbox/components/mailbox-view.tsx';

/** /dev/mailbox: mail the app has sent, for development and tests (404 from the API in production). */
export function Component() {
  return (
    <Page title="Dev mailbox" width="wide">
      <PageHeader
        title="Dev mailbox"
        description="Mail sent by this copy of Stoop. Only available outside production."
      />
      <MailboxView />
    </Page>
  );
}
