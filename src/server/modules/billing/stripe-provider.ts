import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import type {
  ChargeFailure,
  ChargeResult,
  PaymentProvider,
  SavedCard,
} from './payment-provider.ts';

/*
 * Stripe (when STRIPE_SECRET_KEY is set). Stoop keeps its own plans, periods and invoices; Stripe
 * keeps the card and takes the money. Cards are given on Stripe Checkout in `setup` mode (the
 * checkout.session.completed webhook saves them, stripe-webhooks.ts); each invoice is charged
 * with an off-session PaymentIntent whose idempotency key is the invoice id.
 */

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  baseUrl: string;
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
};

export type StripePaymentProvider = PaymentProvider & {
  readonly id: 'stripe';
  /** The event, when `signature` signs `payload` with the webhook secret; throws otherwise. */
  constructEvent(payload: string, signature: string): Stripe.Event;
  /** The card a Checkout setup session saved, made the customer's default for charges. */
  cardOfSetup(setupIntentId: string, customerId: string): Promise<SavedCard>;
};

export function isStripeProvider(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.id === 'stripe';
}

/** Stripe's decline codes, in the words of the test provider (payment-provider.ts). */
function failureOf(error: { code?: string; decline_code?: string; message?: string }): {
  code: ChargeFailure;
  message: string;
} {
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') {
    return { code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  }
  if (error.code === 'authentication_required') {
    return {
      code: 'card_declined',
      message: 'Your bank asks you to confirm this payment: add the card again on Stripe.',
    };
  }
  return { code: 'card_declined', message: 'Your card was declined.' };
}

export function createStripePaymentProvider(settings: StripeSettings): StripePaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    // Stoop is the one to retry (the invoice id keeps a retried charge single).
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });
  const billingUrl = `${settings.baseUrl}/landlord/billing`;

  async function customerFor(landlordId: string, customerId: string | null): Promise<string> {
    if (customerId) return customerId;
    const customer = await stripe.customers.create(
      { metadata: { landlordId } },
      { idempotencyKey: `customer-${landlordId}` },
    );
    return customer.id;
  }

  return {
    id: 'stripe',
    mode: 'live',
    async saveCard() {
      throw new AppError('VALIDATION_ERROR', {
        message:
          'Cards are added on Stripe Checkout here: choose "Add card" on the Billing page to go there.',
      });
    },
    async checkoutUrl({ landlordId, planId, paymentMethod, customerId }) {
      if (paymentMethod && planId) return null;
      const metadata = { landlordId, ...(planId ? { planId } : {}) };
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        currency: 'usd',
        customer: await customerFor(landlordId, customerId),
        client_reference_id: landlordId,
        metadata,
        setup_intent_data: { metadata },
        success_url: `${billingUrl}?checkout=done`,
        cancel_url: `${billingUrl}?checkout=canceled`,
      });
      if (!session.url) throw new Error(`Stripe Checkout session ${session.id} has no URL`);
      return session.url;
    },
    async charge({ customerId, invoiceId, attempt, amountCents, description, landlordId }) {
      if (!customerId) {
        return { ok: false, code: 'no_payment_method', message: 'There is no card on file.' };
      }
      const customer = await stripe.customers.retrieve(customerId);
      const defaultMethod = customer.deleted
        ? null
        : customer.invoice_settings.default_payment_method;
      if (!defaultMethod) {
        return { ok: false, code: 'no_payment_method', message: 'There is no card on file.' };
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: customerId,
            payment_method: typeof defaultMethod === 'string' ? defaultMethod : defaultMethod.id,
            off_session: true,
            confirm: true,
            description,
            metadata: { invoiceId, landlordId },
          },
          // The same invoice and attempt never makes a second charge, even after a timeout.
          { idempotencyKey: attempt === 0 ? invoiceId : `${invoiceId}-retry-${attempt}` },
        );
        if (intent.status === 'succeeded' || intent.status === 'processing') {
          return { ok: true, paymentId: intent.id };
        }
        return { ok: false, ...failureOf({ code: 'authentication_required' }) };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const result: ChargeResult = { ok: false, ...failureOf(error) };
          return result;
        }
        throw error;
      }
    },
    constructEvent(payload, signature) {
      return stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret);
    },
    async cardOfSetup(setupIntentId, customerId) {
      const intent = await stripe.setupIntents.retrieve(setupIntentId, {
        expand: ['payment_method'],
      });
      const method = intent.payment_method;
      if (!method || typeof method === 'string' || !method.card) {
        throw new AppError('VALIDATION_ERROR', {
          message: `Setup ${setupIntentId} saved no card.`,
        });
      }
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: method.id },
      });
      const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
      return {
        paymentMethod: { brand: brand === 'visa' ? 'Visa' : brand, last4, expMonth, expYear },
        customerId,
      };
    },
  };
}
