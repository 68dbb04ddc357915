import type { EventData } from '../../../../shared/schemas/events.ts';
import { defineLiveFeature, type LiveContext } from '../../../lib/live/live-feature.ts';
import { billingKeys } from '../api/billing-keys.ts';

/*
 * Billing's live handler: the plan, status, card or limit changed (this tab, another tab, a
 * webhook, the monthly job). The subscription in the event is written at once; invoices and
 * boosts are refetched, since the change may have billed something. Narrowed by hand (no zod on
 * the stream, see LiveHandler).
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isSubscription(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.planId === 'string' &&
    typeof value.status === 'string' &&
    typeof value.activeListings === 'number' &&
    typeof value.activeListingLimit === 'number'
  );
}

function refreshBilling({ queryClient }: LiveContext) {
  void queryClient.invalidateQueries({ queryKey: billingKeys.all });
}

export const billingLive = defineLiveFeature({
  name: 'billing',
  handlers: {
    'billing.changed': {
      parse: (data) =>
        isObject(data) && isSubscription(data.subscription)
          ? (data as EventData<'billing.changed'>)
          : null,
      apply: (event, context) => {
        context.queryClient.setQueryData(billingKeys.subscription, event.subscription);
        void context.queryClient.invalidateQueries({
          queryKey: billingKeys.all,
          predicate: (query) =>
            query.queryKey[1] !== 'subscription' && query.queryKey[1] !== 'plans',
        });
      },
    },
  },
  resync: refreshBilling,
});
