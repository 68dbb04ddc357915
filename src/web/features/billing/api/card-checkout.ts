import { useMutation } from '@tanstack/react-query';
import type { CardCheckoutResponseSchema } from '../../../../shared/schemas/billing.ts';
import { apiAnswer } from '../../../lib/api-client.ts';

/**
 * `POST /api/billing/payment-method/checkout` (Stripe mode): the Stripe Checkout page where the
 * landlord gives or replaces the card; Stripe's webhook then saves it (the page updates live).
 */
export function startCardCheckout() {
  return apiAnswer<typeof CardCheckoutResponseSchema>('/api/billing/payment-method/checkout', {
    method: 'POST',
    body: {},
  });
}

export function useCardCheckout() {
  return useMutation({ mutationFn: startCardCheckout });
}
