import { FREE_PLAN_ID, PAYMENTS_OFF_MESSAGE, planById } from '../../../../shared/billing-plans.ts';
import type { Subscription } from '../../../../shared/schemas/billing.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatDate, planName } from '../format.ts';

/**
 * What the landlord must know before anything else: a failed payment (and when listings beyond
 * the free limit pause), a cancellation or a downgrade waiting for the period's end.
 */
export function SubscriptionBanner({ subscription }: { subscription: Subscription }) {
  const freeLimit = planById(FREE_PLAN_ID)?.activeListingLimit ?? 0;
  if (subscription.status === 'past_due' && subscription.mode === 'off') {
    // No card can pay it here: say what happens, without sending them to a card form.
    return (
      <Alert>
        <p className="font-semibold">Your plan could not be renewed. {PAYMENTS_OFF_MESSAGE}</p>
        <p className="mt-1">
          Nothing was charged.{' '}
          {subscription.graceEndsAt
            ? `On ${formatDate(subscription.graceEndsAt)} your plan returns to Free and listings beyond the free plan's ${freeLimit} will be paused.`
            : `Your plan returns to Free and listings beyond the free plan's ${freeLimit} will be paused.`}
        </p>
      </Alert>
    );
  }
  if (subscription.status === 'past_due') {
    return (
      <Alert>
        <p className="font-semibold">Your last payment did not go through.</p>
        <p className="mt-1">
          {subscription.graceEndsAt
            ? `Update your card before ${formatDate(subscription.graceEndsAt)}, or listings beyond the free plan's ${freeLimit} will be paused on that day.`
            : `Update your card, or listings beyond the free plan's ${freeLimit} will be paused.`}{' '}
          <a href="#payment-method-heading" className="font-semibold underline">
            Update card
          </a>
        </p>
      </Alert>
    );
  }
  if (subscription.status === 'canceled') {
    return (
      <Alert tone="info">
        Your paid plan has ended. You are on the free plan ({freeLimit} active listings).
      </Alert>
    );
  }
  if (subscription.cancelAtPeriodEnd) {
    return (
      <Alert tone="info">
        Your {planName(subscription.planId)} plan is cancelled: it stays active until{' '}
        {formatDate(subscription.currentPeriodEnd)}, then you move to the free plan ({freeLimit}{' '}
        active listings). Nothing more will be charged.
      </Alert>
    );
  }
  if (subscription.pendingPlanId) {
    return (
      <Alert tone="info">
        You move to the {planName(subscription.pendingPlanId)} plan on{' '}
        {formatDate(subscription.currentPeriodEnd)}. Until then your {planName(subscription.planId)}{' '}
        plan stays as it is.
      </Alert>
    );
  }
  return null;
}
