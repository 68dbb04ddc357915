import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Subscription } from '../../../../shared/schemas/billing.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCardCheckout } from '../api/card-checkout.ts';
import { useUpdatePaymentMethod } from '../api/update-payment-method.ts';
import { goToCheckout } from '../checkout-redirect.ts';
import { CardForm } from './card-form.tsx';
import { PaymentsOffNotice } from './payments-off.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** Stripe mode: the card is given on Stripe Checkout; its webhook saves it here (live). */
function StripeCardButton({ hasCard }: { hasCard: boolean }) {
  const checkout = useCardCheckout();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = params.get('checkout');
  return (
    <div className="mt-4 flex flex-col items-start gap-2">
      {back === 'done' ? (
        <p className="text-sm text-stone-700" role="status">
          Stripe has your card. It shows here as soon as Stripe confirms it, usually within seconds.
        </p>
      ) : back === 'canceled' ? (
        <p className="text-sm text-stone-700" role="status">
          Checkout was canceled; nothing changed.
        </p>
      ) : null}
      <Button
        variant={hasCard ? 'secondary' : 'primary'}
        size="sm"
        disabled={checkout.isPending}
        // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
        onClick={async () => {
          try {
            const { checkoutUrl } = await checkout.mutateAsync(undefined);
            goToCheckout(checkoutUrl, navigate);
          } catch {
            // Shown by the alert below (the mutation's error).
          }
        }}
      >
        {hasCard ? 'Replace card on Stripe' : 'Add a card on Stripe'}
      </Button>
      <p className="text-sm text-stone-600">
        Card details are entered on Stripe's secure page; Stoop never sees the number.
      </p>
      {checkout.error ? <Alert>{errorMessage(checkout.error)}</Alert> : null}
    </div>
  );
}

/** The "Payment method" card of the billing page. */
function PaymentMethodCard({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="payment-method-heading"
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      data-testid="payment-method"
    >
      <h2 id="payment-method-heading" className="text-lg font-semibold text-stone-900">
        Payment method
      </h2>
      {children}
    </section>
  );
}

/** Payments off: no card is taken on this site, so none is asked for. */
function PaymentsOffSection() {
  return (
    <PaymentMethodCard>
      <PaymentsOffNotice className="mt-3" brief />
    </PaymentMethodCard>
  );
}

/**
 * The card on file (brand, last 4, expiry) and a form (test mode) or Stripe to change it; with
 * payments off, words instead.
 */
export function PaymentMethodSection({ subscription }: { subscription: Subscription }) {
  if (subscription.mode === 'off') return <PaymentsOffSection />;
  return <CardSection subscription={subscription} />;
}

function CardSection({ subscription }: { subscription: Subscription }) {
  const card = subscription.paymentMethod;
  const [editing, setEditing] = useState(false);
  const update = useUpdatePaymentMethod();
  const toast = useToast();
  const testMode = subscription.mode === 'test';
  const showForm = editing || card === null;
  return (
    <PaymentMethodCard>
      {card ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-stone-900">
            <span className="font-semibold capitalize">{card.brand}</span> ending in{' '}
            <span className="font-mono">{card.last4}</span>
            <span className="text-stone-600">
              {' '}
              · expires {pad(card.expMonth)}/{card.expYear}
            </span>
          </p>
          {editing || !testMode ? null : (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Replace card
            </Button>
          )}
        </div>
      ) : (
        <p className="mt-2 text-stone-600">
          No card on file. The free plan needs none; add one to upgrade or boost a listing.
        </p>
      )}
      {!testMode ? <StripeCardButton hasCard={card !== null} /> : null}
      {testMode && showForm ? (
        <div className="mt-5 max-w-md">
          <CardForm
            testMode={testMode}
            submitLabel={card ? 'Save new card' : 'Save card'}
            pending={update.isPending}
            error={update.error}
            // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
            onSubmit={async (input) => {
              try {
                await update.mutateAsync(input);
                setEditing(false);
                toast.success('Your card has been saved.');
              } catch {
                // Shown by the form (the mutation's error).
              }
            }}
          />
          {editing ? (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setEditing(false)}>
              Keep the current card
            </Button>
          ) : null}
        </div>
      ) : null}
    </PaymentMethodCard>
  );
}
