// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '../../../../shared/schemas/billing.ts';
import type { LandlordListingChoices } from '../../../../shared/schemas/landlord-listings.ts';
import {
  boostFixture,
  invoiceFixture,
  invoiceSummaryFixture,
  LISTING_A,
  LISTING_B,
  noListingChoicesFixture,
  plansFixture,
  subscriptionFixture,
} from '../../../testing/billing-fixtures.ts';
import { buttonNamed, pressKey, textOf, typeInto } from '../../../testing/dom-queries.ts';
import {
  type ApiCall,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { cleanup, resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { BillingPage } from './billing-page.tsx';
import { CheckoutPage } from './checkout-page.tsx';
import { InvoiceView } from './invoice-view.tsx';

function stubBilling(
  subscription: Subscription,
  onChange?: (call: ApiCall) => { status?: number; body: unknown },
  listingChoices: LandlordListingChoices = noListingChoicesFixture(),
) {
  return stubApi((call) => {
    const path = call.url.pathname;
    if (path === '/api/billing/subscription' && call.method === 'GET')
      return { body: subscription };
    if (path === '/api/billing/subscription' && call.method === 'POST') return onChange?.(call);
    if (path === '/api/billing/plans') return { body: plansFixture() };
    if (path === '/api/billing/payment-method/checkout' && call.method === 'POST') {
      return { body: { checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' } };
    }
    if (path === '/api/billing/invoices') return { body: { items: [invoiceSummaryFixture()] } };
    if (path === '/api/billing/boosts' && call.method === 'GET') {
      return { body: { items: [boostFixture()] } };
    }
    if (path === '/api/billing/payment-method') {
      return {
        body: {
          ...subscription,
          paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
        },
      };
    }
    if (path === '/api/landlord/listing-choices') return { body: listingChoices };
    if (path === '/api/billing/boosts' && call.method === 'POST') {
      const { listingId } = call.body as { listingId: string };
      const title = listingChoices.items.find((l) => l.id === listingId)?.title ?? '';
      return { body: boostFixture({ listingId, listingTitle: title }) };
    }
    return undefined;
  });
}

describe('the billing page', () => {
  resetPageAfterEach();

  it('shows the plan, its usage, test mode, the card, boosts and invoices', async () => {
    stubBilling(subscriptionFixture());
    const { container } = await renderMessaging(<BillingPage />);
    await waitFor(() => expect(container.querySelector('[data-testid="plan-pro"]')).not.toBeNull());
    expect(textOf(container.querySelector('[data-testid="test-mode"]'))).toContain(
      'Test mode — no real charges',
    );
    expect(textOf(container.querySelector('[data-testid="plan-usage"]'))).toBe(
      '3 of 10 active listings',
    );
    expect(textOf(container.querySelector('[data-testid="plan-starter"]'))).toContain(
      'Your current plan',
    );
    expect(textOf(container.querySelector('[data-testid="payment-method"]'))).toContain(
      'visa ending in 4242',
    );
    await waitFor(() =>
      expect(textOf(container.querySelector('[data-testid="active-boosts"]'))).toContain(
        'Featured until Nov 21, 2026',
      ),
    );
    await waitFor(() =>
      expect(textOf(container.querySelector('[data-testid="invoice-table"]'))).toContain(
        'STOOP-2026-000123',
      ),
    );
    expect(
      container.querySelector(
        'a[href="/landlord/billing/invoices/00000000-0000-4000-8000-0000000000c1"]',
      ),
    ).not.toBeNull();
  });

  it('features a listing found by typing in the listing combobox', async () => {
    const calls = stubBilling(subscriptionFixture(), undefined, {
      items: [
        { id: LISTING_A, title: 'Sunny 2BR in Park Slope', status: 'active' },
        { id: LISTING_B, title: 'Garden duplex', status: 'active' },
      ],
      total: 2,
    });
    const { container } = await renderMessaging(<BillingPage />);
    const input = () => container.querySelector<HTMLInputElement>('#boost-listing');
    await waitFor(() => expect(input()?.disabled).toBe(false));
    const box = input();
    if (!box) throw new Error('no listing combobox');
    expect(box.getAttribute('role')).toBe('combobox');
    expect(box.placeholder).toBe('Choose a live listing');
    const form = container.querySelector('form[aria-label="Feature a listing"]');
    const submit = () => (form ? buttonNamed(form, 'Feature listing') : null)?.click();

    // Nothing chosen: said, and the box focused.
    await act(async () => submit());
    expect(textOf(form)).toContain('Choose a listing to feature.');
    expect(document.activeElement).toBe(box);

    await act(async () => typeInto(box, 'garden'));
    expect([...container.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual([
      'Garden duplex',
    ]);
    await act(async () => pressKey(box, 'Enter'));
    expect(box.value).toBe('Garden duplex');
    await act(async () => submit());
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/billing/boosts'),
      ).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/billing/boosts');
    expect(post?.body).toEqual({ listingId: LISTING_B, days: 7 });
    await waitFor(() =>
      expect(document.body.textContent).toContain('Garden duplex is featured until'),
    );
  });

  it('shows one loading state until the plans are in too, so nothing below them moves', async () => {
    let releasePlans: () => void = () => {};
    const plansAnswered = new Promise<void>((resolve) => {
      releasePlans = resolve;
    });
    stubBilling(subscriptionFixture());
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      ((original) => async (input: string, init?: RequestInit) => {
        const path = new URL(input, 'http://localhost').pathname;
        calls.push(path);
        if (path === '/api/billing/plans') await plansAnswered;
        return original(input, init);
      })(globalThis.fetch as (input: string, init?: RequestInit) => Promise<Response>),
    );
    const { container } = await renderMessaging(<BillingPage />);
    await waitFor(() => expect(calls).toContain('/api/billing/subscription'));
    // The subscription has answered; the plans have not.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.querySelector('[data-testid="payment-method"]')).toBeNull();
    expect(textOf(container)).toContain('Loading your plan');
    releasePlans();
    await waitFor(() => expect(container.querySelector('[data-testid="plan-pro"]')).not.toBeNull());
    expect(container.querySelector('[data-testid="payment-method"]')).not.toBeNull();
  });

  it('says a downgrade waits for the period end, then asks the server', async () => {
    const pro = subscriptionFixture({ planId: 'pro', activeListingLimit: 50 });
    const calls = stubBilling(pro, () => ({
      body: { subscription: { ...pro, pendingPlanId: 'starter' }, checkoutUrl: null },
    }));
    const { container } = await renderMessaging(<BillingPage />);
    await waitFor(() =>
      expect(container.querySelector('[data-testid="plan-starter"]')).not.toBeNull(),
    );
    const card = container.querySelector('[data-testid="plan-starter"]');
    expect(textOf(card)).toContain('Takes effect at the end of the period (Dec 1, 2026)');
    await act(async () => card?.querySelector('button')?.click());
    expect(textOf(card)).toContain('You keep Pro until Dec 1, 2026, then move to Starter');
    await act(async () => (card ? buttonNamed(card, 'Confirm') : null)?.click());
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ planId: 'starter' }),
    );
    await waitFor(() =>
      expect(textOf(container)).toContain('You move to the Starter plan on Dec 1, 2026'),
    );
  });

  it('in Stripe mode: no test label, no card form; the card is given on Stripe Checkout', async () => {
    const live = subscriptionFixture({ mode: 'live', paymentMethod: null });
    const stripeUrl = 'https://checkout.stripe.com/c/pay/cs_test_1';
    const calls = stubBilling(live);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { container } = await renderMessaging(<BillingPage />);
    await waitFor(() => expect(container.querySelector('[data-testid="plan-pro"]')).not.toBeNull());
    expect(container.querySelector('[data-testid="test-mode"]')).toBeNull();
    const section = container.querySelector('[data-testid="payment-method"]');
    expect(section?.querySelector('form')).toBeNull();
    await act(async () => (section ? buttonNamed(section, 'Add a card on Stripe') : null)?.click());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripeUrl));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('goes to the checkout when the server asks for a card first', async () => {
    const free = subscriptionFixture({
      planId: 'free',
      activeListingLimit: 2,
      paymentMethod: null,
    });
    stubBilling(free, () => ({
      body: { subscription: free, checkoutUrl: '/landlord/billing/checkout?plan=pro' },
    }));
    const { container, router } = await renderMessaging(<BillingPage />, { pattern: '/' });
    await waitFor(() => expect(container.querySelector('[data-testid="plan-pro"]')).not.toBeNull());
    const card = container.querySelector('[data-testid="plan-pro"]');
    await act(async () => (card ? buttonNamed(card, 'Upgrade to Pro') : null)?.click());
    await act(async () => (card ? buttonNamed(card, 'Confirm') : null)?.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/billing/checkout'));
    expect(router.state.location.search).toBe('?plan=pro');
  });

  it('with payments off: says so in words, no card form, no upgrade, no boost form', async () => {
    const off = subscriptionFixture({
      planId: 'free',
      activeListingLimit: 2,
      paymentMethod: null,
      mode: 'off',
    });
    const calls = stubBilling(off);
    const { container } = await renderMessaging(<BillingPage />);
    await waitFor(() => expect(container.querySelector('[data-testid="plan-pro"]')).not.toBeNull());
    expect(container.querySelector('[data-testid="test-mode"]')).toBeNull();
    // Explained once at the top; where the card and the boost form would be, the message alone.
    const notices = [...container.querySelectorAll('[data-testid="payments-off"]')].map(textOf);
    expect(notices).toHaveLength(3);
    for (const notice of notices) expect(notice).toContain('Payments are not set up on this site.');
    expect(notices[0]).toContain('The free plan is available.');
    expect(notices[0]).toContain("when the site's operator sets up payments");
    expect(notices.slice(1).join(' ')).not.toContain('The free plan is available.');
    const section = container.querySelector('[data-testid="payment-method"]');
    expect(section?.querySelector('h2')?.textContent).toBe('Payment method');
    expect(section?.querySelector('form, input, button')).toBeNull();
    expect(container.querySelector('[data-testid="boosts"] form')).toBeNull();
    for (const id of ['starter', 'pro', 'portfolio']) {
      const card = container.querySelector(`[data-testid="plan-${id}"]`);
      expect(card?.querySelector('button')).toBeNull();
      expect(textOf(card)).toContain('Not available: Payments are not set up on this site.');
    }
    expect(textOf(container.querySelector('[data-testid="plan-free"]'))).toContain(
      'Your current plan',
    );
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('with payments off, a paid plan can still be cancelled to Free, but not kept', async () => {
    const pro = subscriptionFixture({
      planId: 'pro',
      activeListingLimit: 50,
      cancelAtPeriodEnd: false,
      mode: 'off',
    });
    const calls = stubBilling(pro, () => ({
      body: { subscription: { ...pro, cancelAtPeriodEnd: true }, checkoutUrl: null },
    }));
    const { container } = await renderMessaging(<BillingPage />);
    await waitFor(() =>
      expect(container.querySelector('[data-testid="plan-free"]')).not.toBeNull(),
    );
    const free = container.querySelector('[data-testid="plan-free"]');
    await act(async () => (free ? buttonNamed(free, 'Cancel paid plan') : null)?.click());
    await act(async () => (free ? buttonNamed(free, 'Confirm') : null)?.click());
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ planId: 'free' }),
    );
    await waitFor(() =>
      expect(textOf(container.querySelector('[data-testid="plan-pro"]'))).toContain(
        'Not available: Payments are not set up on this site.',
      ),
    );
    expect(container.querySelector('[data-testid="plan-pro"] button')).toBeNull();
  });

  it('with payments off, a failed renewal says nothing was charged and asks for no card', async () => {
    stubBilling(
      subscriptionFixture({
        status: 'past_due',
        graceEndsAt: '2026-11-21T17:00:00.000Z',
        mode: 'off',
      }),
    );
    const { container } = await renderMessaging(<BillingPage />);
    await waitFor(() => expect(container.querySelector('[role="alert"]')).not.toBeNull());
    const alert = textOf(container.querySelector('[role="alert"]'));
    expect(alert).toContain(
      'Your plan could not be renewed. Payments are not set up on this site.',
    );
    expect(alert).toContain('On Nov 21, 2026 your plan returns to Free');
    expect(alert).not.toContain('Update');
  });

  it('warns of a failed payment and when listings pause', async () => {
    stubBilling(
      subscriptionFixture({ status: 'past_due', graceEndsAt: '2026-11-21T17:00:00.000Z' }),
    );
    const { container } = await renderMessaging(<BillingPage />);
    await waitFor(() => expect(container.querySelector('[role="alert"]')).not.toBeNull());
    expect(textOf(container.querySelector('[role="alert"]'))).toContain(
      "Update your card before Nov 21, 2026, or listings beyond the free plan's 2 will be paused",
    );
  });
});

describe('the test checkout', () => {
  resetPageAfterEach();

  it('saves the card, then starts the plan, then goes back to billing', async () => {
    const free = subscriptionFixture({
      planId: 'free',
      activeListingLimit: 2,
      paymentMethod: null,
    });
    const calls = stubBilling(free, () => ({
      body: { subscription: subscriptionFixture({ planId: 'pro' }), checkoutUrl: null },
    }));
    const { container, router } = await renderMessaging(<CheckoutPage planParam="pro" />, {
      path: '/landlord/billing/checkout?plan=pro',
      pattern: '/landlord/billing/checkout',
    });
    await waitFor(() => expect(container.querySelector('#card-number')).not.toBeNull());
    expect(textOf(container)).toContain('4000 0000 0000 0002');
    await act(async () => (buttonNamed(container, 'Use 4242 4242 4242 4242') ?? null)?.click());
    await act(async () =>
      typeInto(
        container.querySelector<HTMLInputElement>('#card-expiry') as HTMLInputElement,
        '12/30',
      ),
    );
    await act(async () =>
      typeInto(container.querySelector<HTMLInputElement>('#card-cvc') as HTMLInputElement, '123'),
    );
    await act(async () => buttonNamed(container, 'Pay and start Pro')?.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/billing'));
    const writes = calls
      .filter((c) => c.method !== 'GET')
      .map((c) => [c.method, c.url.pathname, c.body]);
    expect(writes).toEqual([
      [
        'PUT',
        '/api/billing/payment-method',
        { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      ],
      ['POST', '/api/billing/subscription', { planId: 'pro' }],
    ]);
  });

  it('with payments off: says so in words instead of a card form, and sends nothing', async () => {
    const calls = stubBilling(
      subscriptionFixture({ planId: 'free', paymentMethod: null, mode: 'off' }),
    );
    const { container } = await renderMessaging(<CheckoutPage planParam="pro" />, {
      path: '/landlord/billing/checkout?plan=pro',
      pattern: '/landlord/billing/checkout',
    });
    await waitFor(() =>
      expect(container.querySelector('[data-testid="payments-off"]')).not.toBeNull(),
    );
    expect(textOf(container.querySelector('h2'))).toBe('The Pro plan cannot be bought here yet');
    expect(textOf(container.querySelector('[data-testid="payments-off"]'))).toContain(
      'Payments are not set up on this site.',
    );
    expect(container.querySelector('form, input, button')).toBeNull();
    expect(container.querySelector('a[href="/landlord/billing"]')).not.toBeNull();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('asks for a paid plan when the address names none', async () => {
    stubBilling(subscriptionFixture());
    const { container } = await renderMessaging(<CheckoutPage planParam="gold" />);
    expect(textOf(container)).toContain('Choose a plan first');
  });
});

describe('an invoice', () => {
  afterEach(async () => {
    await cleanup();
    document.body.innerHTML = '';
  });

  it('lists its lines, credits and a total equal to their sum', async () => {
    const invoice = invoiceFixture();
    const { container } = await renderMessaging(<InvoiceView invoice={invoice} />);
    expect(textOf(container.querySelector('h1'))).toBe('Invoice STOOP-2026-000123');
    expect(textOf(container)).toContain('Unused time on Starter (17 of 30 days)');
    expect(textOf(container)).toContain('-$16.43');
    expect(textOf(container)).toContain('Credits-$16.43');
    expect(textOf(container.querySelector('[data-testid="invoice-total"]'))).toBe('$49.34');
    expect(invoice.totalCents).toBe(-1_643 + 4_477 + 2_100);
  });
});
