import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePlans } from '../api/get-plans.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { BoostsSection } from './boosts-section.tsx';
import { CurrentPlan } from './current-plan.tsx';
import { InvoiceHistory } from './invoice-history.tsx';
import { PaymentMethodSection } from './payment-method.tsx';
import { PaymentsOffNotice } from './payments-off.tsx';
import { PlanCards } from './plan-cards.tsx';
import { SubscriptionBanner } from './subscription-banner.tsx';
import { TestModeBadge } from './test-mode-badge.tsx';

/** /landlord/billing: plan and usage, plans, card, featured listings and invoices. */
export function BillingPage() {
  const subscription = useSubscription();
  const plans = usePlans();
  if (subscription.isPending) {
    return (
      <div className="flex justify-center p-6">
        <Spinner size="lg" label="Loading your plan" />
      </div>
    );
  }
  if (subscription.isError) return <Alert>{errorMessage(subscription.error)}</Alert>;
  const sub = subscription.data;
  const paymentsOff = sub.mode === 'off';
  return (
    <div className="flex flex-col gap-6">
      {sub.mode === 'test' ? <TestModeBadge /> : null}
      {paymentsOff ? <PaymentsOffNotice /> : null}
      <SubscriptionBanner subscription={sub} />
      <CurrentPlan subscription={sub} />
      {plans.isError ? (
        <Alert>{errorMessage(plans.error)}</Alert>
      ) : plans.isPending ? (
        <div className="flex justify-center p-4">
          <Spinner size="md" label="Loading plans" />
        </div>
      ) : (
        <PlanCards plans={plans.data} subscription={sub} />
      )}
      <PaymentMethodSection subscription={sub} />
      <BoostsSection hasCard={sub.paymentMethod !== null} paymentsOff={paymentsOff} />
      <InvoiceHistory invoiceHref={paths.landlordInvoice.href} />
    </div>
  );
}
