import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { BillingPage } from '../../features/billing/components/billing-page.tsx';

/** /landlord/billing */
export function Component() {
  return (
    <Page title="Billing" width="wide">
      <PageHeader
        title="Billing"
        description="Your plan, featured listings and invoices. Renters never pay on Stoop."
      />
      <BillingPage />
    </Page>
  );
}
