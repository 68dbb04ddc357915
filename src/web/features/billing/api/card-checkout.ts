import { useMutation } from '@tanstack/react-query';
import { apiWithParser } from '../../../lib/api-client.ts';
import { loadParsers } from './load-parsers.ts';

/**
 * `POST /api/billing/payment-method/checkout` (Stripe mode): the Stripe Checkout page where the
 * landlord gives or replaces the card; Stripe's webhook then saves it (the page updates live).
 */
export function startCardCheckout() {
  return apiWithParser(
    '/api/billing/payment-method/checkout',
    () => loadParsers().then((p) => p.cardCheckout),
    { method: 'POST', body: {} },
  );
}

export function useCardCheckout() {
  return useMutation({ mutationFn: startCardCheckout });
}
