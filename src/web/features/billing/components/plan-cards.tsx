import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PAYMENTS_OFF_MESSAGE, type Plan } from '../../../../shared/billing-plans.ts';
import type { Subscription } from '../../../../shared/schemas/billing.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useChangeSubscription } from '../api/change-subscription.ts';
import { goToCheckout } from '../checkout-redirect.ts';
import { formatDate, formatPlanPrice, type PlanAction, planAction, planName } from '../format.ts';

const BUTTON_LABEL: Record<Exclude<PlanAction, 'current' | 'pending'>, (name: string) => string> = {
  upgrade: (name) => `Upgrade to ${name}`,
  downgrade: (name) => `Switch to ${name}`,
  cancel: () => 'Cancel paid plan',
  resume: (name) => `Keep ${name}`,
};

/**
 * What a move to a smaller plan does to the listings, in figures. The server
 * (pauseListingsBeyond) keeps the most recently published and sends the rest back to draft.
 */
export function pauseNotice(plan: Plan, subscription: Subscription): string {
  const active = subscription.activeListings;
  const limit = plan.activeListingLimit;
  const have = `You have ${active} active ${active === 1 ? 'listing' : 'listings'}`;
  if (active <= limit) {
    return `${have}; ${plan.name} allows ${limit}, so none will be paused.`;
  }
  const over = active - limit;
  return `${have}; ${plan.name} allows ${limit}, so ${over} will be paused on ${formatDate(subscription.currentPeriodEnd)}: the ${limit} most recently published stay active, the others go back to draft (republish them any time the plan allows).`;
}

/** What the confirmation says a change does, and when. */
export function consequence(action: PlanAction, plan: Plan, subscription: Subscription): string {
  const end = formatDate(subscription.currentPeriodEnd);
  switch (action) {
    case 'upgrade':
      return `${plan.name} starts now: up to ${plan.activeListingLimit} active listings at once. You pay ${formatPlanPrice(plan)}, prorated for the rest of this period (your current plan's unused days are credited).`;
    case 'downgrade':
      return `You keep ${planName(subscription.planId)} until ${end}, then move to ${plan.name} (${plan.activeListingLimit} active listings). ${pauseNotice(plan, subscription)}`;
    case 'cancel':
      return `You keep ${planName(subscription.planId)} until ${end}, then move to the free plan (${plan.activeListingLimit} active listings). Nothing more is charged. ${pauseNotice(plan, subscription)}`;
    case 'resume':
      return `The change planned for ${end} is cancelled; ${plan.name} renews as usual.`;
    default:
      return '';
  }
}

/**
 * The plans side by side, each with what choosing it does (confirmed before anything changes).
 * With payments off no paid plan can be chosen (or kept past the period), so those say why.
 */
export function PlanCards({
  plans,
  subscription,
}: {
  plans: readonly Plan[];
  subscription: Subscription;
}) {
  const change = useChangeSubscription();
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState<Plan['id'] | null>(null);

  // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
  const confirm = async (plan: Plan, action: PlanAction) => {
    try {
      const { checkoutUrl } = await change.mutateAsync(plan.id);
      setConfirming(null);
      if (checkoutUrl) {
        goToCheckout(checkoutUrl, navigate);
        return;
      }
      toast.success(
        action === 'upgrade'
          ? `You are on the ${plan.name} plan.`
          : action === 'resume'
            ? `Your ${plan.name} plan continues.`
            : `Change planned for ${formatDate(subscription.currentPeriodEnd)}.`,
      );
    } catch {
      // Shown by the alert above the plans (the mutation's error).
    }
  };

  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="mb-3 text-lg font-semibold text-stone-900">
        Plans
      </h2>
      {change.isError ? <Alert className="mb-3">{errorMessage(change.error)}</Alert> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {plans.map((plan) => {
          const action = planAction(subscription, plan);
          const isCurrent = plan.id === subscription.planId;
          const unavailable =
            subscription.mode === 'off' &&
            plan.priceCents > 0 &&
            (action === 'upgrade' || action === 'downgrade' || action === 'resume');
          return (
            <li
              key={plan.id}
              className={cn(
                'flex flex-col rounded-2xl border bg-white p-5 shadow-sm',
                isCurrent ? 'border-brand-700 ring-1 ring-brand-700' : 'border-stone-200',
              )}
              data-testid={`plan-${plan.id}`}
            >
              <h3 className="text-lg font-semibold text-stone-900">{plan.name}</h3>
              <p className="mt-1 text-2xl font-bold text-stone-900">{formatPlanPrice(plan)}</p>
              <p className="mt-2 font-medium text-stone-800">
                Up to {plan.activeListingLimit} active listings
              </p>
              <p className="mt-1 flex-1 text-sm text-stone-600">{plan.summary}</p>
              <div className="mt-4">
                {action === 'current' ? (
                  <p className="text-sm font-semibold text-brand-800">Your current plan</p>
                ) : action === 'pending' ? (
                  <p className="text-sm font-semibold text-stone-700">
                    Starts {formatDate(subscription.currentPeriodEnd)}
                  </p>
                ) : unavailable ? (
                  <p className="text-sm text-stone-700">Not available: {PAYMENTS_OFF_MESSAGE}</p>
                ) : confirming === plan.id ? (
                  <div className="flex flex-col gap-3">
                    <p className="text-sm text-stone-700">
                      {consequence(action, plan, subscription)}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant={action === 'cancel' ? 'danger' : 'primary'}
                        pending={change.isPending}
                        onClick={() => confirm(plan, action)}
                      >
                        Confirm
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                        Back
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button
                    size="sm"
                    variant={action === 'upgrade' ? 'primary' : 'secondary'}
                    onClick={() => {
                      change.reset();
                      setConfirming(plan.id);
                    }}
                  >
                    {BUTTON_LABEL[action](plan.name)}
                  </Button>
                )}
                {(action === 'downgrade' && !unavailable) || action === 'cancel' ? (
                  <p className="mt-2 text-xs text-stone-600">
                    Takes effect at the end of the period (
                    {formatDate(subscription.currentPeriodEnd)}).
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
