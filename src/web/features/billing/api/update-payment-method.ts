import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodInput, SubscriptionSchema } from '../../../../shared/schemas/billing.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** `PaymentMethodInputSchema`'s shape (the form checks it itself: no zod on the page). */
export type CardInput = PaymentMethodInput;

/**
 * `PUT /api/billing/payment-method` `{ number, expMonth, expYear, cvc }` (test mode): keeps the
 * card's brand, last 4 digits and expiry; never the number or the CVC.
 */
export function updatePaymentMethod(card: CardInput) {
  return apiAnswer<typeof SubscriptionSchema>('/api/billing/payment-method', {
    method: 'PUT',
    body: card,
  });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.subscription }),
  });
}
