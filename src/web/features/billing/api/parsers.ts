import { z } from 'zod';
import {
  type Boost,
  BoostSchema,
  BoostsResponseSchema,
  CardCheckoutResponseSchema,
  ChangeSubscriptionResponseSchema,
  InvoiceSchema,
  InvoicesResponseSchema,
  PaymentMethodSchema,
  PlansResponseSchema,
  SubscriptionSchema,
} from '../../../../shared/schemas/billing.ts';
import { LandlordListingsSchema } from '../../../../shared/schemas/landlord-listings.ts';

/*
 * Billing's answers checked by the shared schemas. Imported only dynamically (`loadParsers`), so
 * zod loads beside the first request instead of in the page's initial JS (decision 012).
 */

export const plans = PlansResponseSchema.parse;
export const subscription = SubscriptionSchema.parse;
export const changeSubscription = ChangeSubscriptionResponseSchema.parse;
export const cardCheckout = CardCheckoutResponseSchema.parse;
export const invoices = InvoicesResponseSchema.parse;
export const invoice = InvoiceSchema.parse;
export const boosts = BoostsResponseSchema.parse;
export const landlordListings = LandlordListingsSchema.parse;

/** The card answer: the subscription (with the card) or the card alone, both accepted. */
export const paymentMethod = z.union([
  SubscriptionSchema,
  z.object({ paymentMethod: PaymentMethodSchema }),
  PaymentMethodSchema,
]).parse;

/** The boost, alone or wrapped (`{ boost }`). */
export const boost = (data: unknown): Boost => {
  const answer = z.union([BoostSchema, z.object({ boost: BoostSchema })]).parse(data);
  return 'boost' in answer ? answer.boost : answer;
};
