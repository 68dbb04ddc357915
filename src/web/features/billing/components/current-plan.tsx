import { planById } from '../../../../shared/billing-plans.ts';
import type { Subscription } from '../../../../shared/schemas/billing.ts';
import { formatDate, formatPlanPrice, planName, usageText } from '../format.ts';

/** The plan, its usage as a meter, and when the period renews or ends. */
export function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const plan = planById(subscription.planId);
  const { activeListings, activeListingLimit } = subscription;
  const full = activeListings >= activeListingLimit;
  const percent =
    activeListingLimit > 0 ? Math.min(100, (activeListings / activeListingLimit) * 100) : 100;
  const paid = (plan?.priceCents ?? 0) > 0;
  return (
    <section
      aria-labelledby="current-plan-heading"
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      data-testid="current-plan"
    >
      <h2
        id="current-plan-heading"
        className="text-sm font-semibold tracking-wide text-stone-600 uppercase"
      >
        Current plan
      </h2>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-2xl font-bold text-stone-900">{planName(subscription.planId)}</p>
        {plan ? <p className="text-stone-700">{formatPlanPrice(plan)}</p> : null}
      </div>
      <p className="mt-4 font-medium text-stone-900" data-testid="plan-usage">
        {usageText(subscription)}
      </p>
      <div
        aria-hidden="true"
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={full ? 'h-full bg-amber-600' : 'h-full bg-brand-700'}
          style={{ width: `${percent}%` }}
        />
      </div>
      {full ? (
        <p className="mt-2 text-sm text-amber-900">
          {subscription.mode === 'off'
            ? "You are at your plan's limit."
            : "You are at your plan's limit: upgrade to publish more listings."}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-stone-600">
        {paid
          ? subscription.cancelAtPeriodEnd
            ? `Ends ${formatDate(subscription.currentPeriodEnd)}.`
            : `Renews ${formatDate(subscription.currentPeriodEnd)}.`
          : `Current period ends ${formatDate(subscription.currentPeriodEnd)}.`}
      </p>
    </section>
  );
}
