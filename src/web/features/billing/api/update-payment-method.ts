import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PaymentMethodSchema, SubscriptionSchema } from '../../../../shared/schemas/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

/** The answer is the subscription (with the card) or the card alone; both are accepted. */
const AnswerSchema = z.union([
  SubscriptionSchema,
  z.object({ paymentMethod: PaymentMethodSchema }),
  PaymentMethodSchema,
]);

/**
 * `PUT /api/billing/payment-method` `{ number, expMonth, expYear, cvc }` (test mode): keeps the
 * card's brand, last 4 digits and expiry; never the number or the CVC.
 */
export function updatePaymentMethod(card: CardInput) {
  return api('/api/billing/payment-method', {
    method: 'PUT',
    body: card,
    parse: AnswerSchema.parse,
  });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.subscription }),
  });
}
