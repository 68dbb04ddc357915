import { useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { CheckoutPage } from '../../features/billing/components/checkout-page.tsx';

/** /landlord/billing/checkout?plan=<id> */
export function Component() {
  const [params] = useSearchParams();
  return (
    <Page title="Checkout" width="wide">
      <PageHeader title="Checkout" description="Start your new plan." />
      <CheckoutPage planParam={params.get('plan')} />
    </Page>
  );
}
