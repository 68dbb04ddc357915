import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '../../../../shared/billing-plans.ts';
import type { ChangeSubscriptionResponseSchema } from '../../../../shared/schemas/billing.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/**
 * `POST /api/billing/subscription` `{ planId }`: an upgrade takes effect at once (prorated); a
 * downgrade or `free` (cancel) at the period's end. `checkoutUrl` set: nothing changed yet, the
 * payment must be collected there first.
 */
export function changeSubscription(planId: PlanId) {
  return apiAnswer<typeof ChangeSubscriptionResponseSchema>('/api/billing/subscription', {
    method: 'POST',
    body: { planId },
  });
}

export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      // An upgrade bills a prorated invoice at once.
      void queryClient.invalidateQueries({ queryKey: billingKeys.invoices });
    },
  });
}
