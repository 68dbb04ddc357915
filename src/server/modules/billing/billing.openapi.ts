import {
  BoostInputSchema,
  BoostSchema,
  BoostsResponseSchema,
  CardCheckoutResponseSchema,
  ChangeSubscriptionResponseSchema,
  ChangeSubscriptionSchema,
  InvoiceSchema,
  InvoicesResponseSchema,
  PaymentMethodInputSchema,
  PlansResponseSchema,
  SubscriptionSchema,
  WebhookResponseSchema,
} from '../../../shared/schemas/billing.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const billing = ['billing'];

/** Billing in /api/openapi.json (issue 14). */
export const billingApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/billing/plans',
    summary: 'The plans: price per month in cents and active listing limit (public)',
    tags: billing,
    response: PlansResponseSchema,
  },
  {
    method: 'get',
    path: '/api/billing/subscription',
    errors: ['FORBIDDEN'],
    summary:
      "The landlord's subscription: the free plan over the current New York month until they upgrade (landlords only). `mode`: test, live (Stripe) or off (payments are not set up: only the free plan can be taken)",
    tags: billing,
    response: SubscriptionSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/billing/subscription',
    errors: ['CONFLICT', 'FORBIDDEN', 'PAYMENT_FAILED'],
    summary:
      'Change plan: a dearer plan at once, prorated and charged (no card on file: checkoutUrl, nothing changed; a failed charge: 402 PAYMENT_FAILED); a cheaper plan or free at the period end; the current plan again undoes a waiting change. Payments off: any paid plan answers 409 CONFLICT "Payments are not set up on this site."; free still works',
    tags: billing,
    body: ChangeSubscriptionSchema,
    response: ChangeSubscriptionResponseSchema,
    auth: true,
  },
  {
    method: 'put',
    path: '/api/billing/payment-method',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    summary:
      "Save a card (test mode: Stripe's test card numbers only; the number and CVC are never stored; Stripe mode: 400, cards go through Checkout; payments off: 404). Past due: the open invoices are charged again",
    tags: billing,
    body: PaymentMethodInputSchema,
    response: SubscriptionSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/billing/payment-method/checkout',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR'],
    summary:
      'Stripe mode: a Stripe Checkout (setup) URL where the landlord gives or replaces the card; test mode: 400 (cards go in the Billing page form); payments off: 404',
    tags: billing,
    response: CardCheckoutResponseSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/billing/webhooks/stripe',
    errors: ['VALIDATION_ERROR'],
    summary:
      "Stripe's events (checkout.session.completed, payment_intent.succeeded, payment_intent.payment_failed), verified by the Stripe-Signature header; each event id is handled once (a redelivery answers duplicate: true). Bad or missing signature, another event type, or an unknown landlord or invoice: 400, nothing changed",
    tags: billing,
    response: WebhookResponseSchema,
  },
  {
    method: 'post',
    path: '/api/billing/boosts',
    success: [201],
    errors: ['CONFLICT', 'FORBIDDEN', 'NOT_FOUND', 'PAYMENT_FAILED'],
    summary:
      'Feature one of my published listings for 1-90 days, charged at once (201); after the boost running now, if any. Not mine: 404; not published: 409; no card: 402; payments off: 409 CONFLICT "Payments are not set up on this site."',
    tags: billing,
    body: BoostInputSchema,
    response: BoostSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/billing/boosts',
    errors: ['FORBIDDEN'],
    summary: "The landlord's boosts, newest first",
    tags: billing,
    response: BoostsResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/billing/invoices',
    errors: ['FORBIDDEN'],
    summary: "The landlord's invoices, newest first",
    tags: billing,
    response: InvoicesResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/billing/invoices/{id}',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR'],
    summary:
      "One of the landlord's invoices with its lines (the total is their sum); anyone else's: 404",
    tags: billing,
    response: InvoiceSchema,
    auth: true,
  },
];
