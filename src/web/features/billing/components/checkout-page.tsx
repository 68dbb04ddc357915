import { Link, useNavigate } from 'react-router';
import { planById } from '../../../../shared/billing-plans.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeSubscription } from '../api/change-subscription.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { useUpdatePaymentMethod } from '../api/update-payment-method.ts';
import { goToCheckout } from '../checkout-redirect.ts';
import { formatPlanPrice, usageText } from '../format.ts';
import { CardForm } from './card-form.tsx';
import { PaymentsOffNotice } from './payments-off.tsx';
import { TestModeBadge } from './test-mode-badge.tsx';

/**
 * The built-in test checkout (`/landlord/billing/checkout?plan=<id>`): where `checkoutUrl` sends a
 * landlord with no card. The card is saved, then the plan changes; back to billing when done. In
 * Stripe mode the card is given on Stripe Checkout instead (a button goes there); with payments
 * off, words say a paid plan cannot be bought on this site.
 */
export function CheckoutPage({ planParam }: { planParam: string | null }) {
  const plan = planParam === null ? undefined : planById(planParam);
  const subscription = useSubscription();
  const saveCard = useUpdatePaymentMethod();
  const change = useChangeSubscription();
  const navigate = useNavigate();
  const toast = useToast();

  if (!plan || plan.priceCents === 0) {
    return (
      <EmptyState
        title="Choose a plan first"
        action={
          <Link
            to={paths.landlordBilling.href()}
            className="font-semibold text-brand-800 underline"
          >
            See the plans
          </Link>
        }
      >
        <p>This checkout needs a paid plan to buy.</p>
      </EmptyState>
    );
  }
  if (subscription.isPending) {
    return (
      <div className="flex justify-center p-6">
        <Spinner size="lg" label="Loading your plan" />
      </div>
    );
  }
  if (subscription.isError) return <Alert>{errorMessage(subscription.error)}</Alert>;
  const sub = subscription.data;
  const pending = saveCard.isPending || change.isPending;

  if (sub.mode === 'off') {
    // Payments off: no card form and no way to pay, said in words.
    return (
      <section
        aria-labelledby="checkout-off-heading"
        className="max-w-2xl rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      >
        <h2 id="checkout-off-heading" className="text-lg font-semibold text-stone-900">
          The {plan.name} plan cannot be bought here yet
        </h2>
        <PaymentsOffNotice className="mt-3" />
        <Link
          to={paths.landlordBilling.href()}
          className="mt-4 inline-block text-sm font-semibold text-brand-800 underline"
        >
          Back to billing
        </Link>
      </section>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <section
        aria-labelledby="checkout-card-heading"
        className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      >
        {sub.mode === 'test' ? (
          <div className="mb-4">
            <TestModeBadge />
          </div>
        ) : null}
        <h2 id="checkout-card-heading" className="mb-4 text-lg font-semibold text-stone-900">
          Card details
        </h2>
        {sub.mode === 'test' ? (
          <CardForm
            testMode
            submitLabel={`Pay and start ${plan.name}`}
            pending={pending}
            error={saveCard.error ?? change.error}
            onSubmit={async (card) => {
              change.reset();
              try {
                await saveCard.mutateAsync(card);
                const answer = await change.mutateAsync(plan.id);
                if (answer.checkoutUrl) {
                  // Still no card the provider accepts: stay, the error says why.
                  return;
                }
                toast.success(`You are on the ${plan.name} plan.`);
                void navigate(paths.landlordBilling.href());
              } catch {
                // Shown by the form (the mutation's error).
              }
            }}
          />
        ) : (
          <div className="flex flex-col items-start gap-3">
            <p className="text-stone-700">
              Card details are entered on Stripe's secure page; you come back here when done.
            </p>
            <Button
              disabled={change.isPending}
              // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
              onClick={async () => {
                try {
                  const { checkoutUrl } = await change.mutateAsync(plan.id);
                  if (checkoutUrl) goToCheckout(checkoutUrl, navigate);
                  else void navigate(paths.landlordBilling.href());
                } catch {
                  // Shown by the alert below (change.error).
                }
              }}
            >
              Continue to Stripe
            </Button>
            {change.error ? <Alert>{errorMessage(change.error)}</Alert> : null}
          </div>
        )}
      </section>
      <aside
        aria-labelledby="checkout-summary-heading"
        className="h-fit rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      >
        <h2
          id="checkout-summary-heading"
          className="text-sm font-semibold tracking-wide text-stone-600 uppercase"
        >
          Summary
        </h2>
        <p className="mt-2 text-2xl font-bold text-stone-900">{plan.name}</p>
        <p className="text-stone-700">{formatPlanPrice(plan)}</p>
        <p className="mt-3 text-stone-800">Up to {plan.activeListingLimit} active listings.</p>
        <p className="mt-1 text-sm text-stone-600">Now: {usageText(sub)}.</p>
        <p className="mt-3 text-sm text-stone-600">
          Starts at once. This period is prorated; after it, {formatPlanPrice(plan)} each month
          until you cancel.
        </p>
        <Link
          to={paths.landlordBilling.href()}
          className="mt-4 inline-block text-sm font-semibold text-brand-800 underline"
        >
          Back to billing
        </Link>
      </aside>
    </div>
  );
}
