import { AfterPaint } from '../../../components/ui/after-paint.tsx';
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
  // One loading state until both are in: with the plan cards filling in after the rest, the
  // card, boosts and invoices below them moved down (Lighthouse CLS 0.26 on a phone in about
  // one load in ten, decision 068).
  if (subscription.isPending || plans.isPending) {
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
      ) : (
        <PlanCards plans={plans.data} subscription={sub} />
      )}
      {/* The end of the page renders once the plans above have painted, in a task of its own
          (decision 068): appended below them, it moves nothing on screen. */}
      <AfterPaint>
        <PaymentMethodSection subscription={sub} />
        <BoostsSection hasCard={sub.paymentMethod !== null} paymentsOff={paymentsOff} />
        <InvoiceHistory invoiceHref={paths.landlordInvoice.href} />
      </AfterPaint>
    </div>
  );
}
