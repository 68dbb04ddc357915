/**
 * Where `checkoutUrl` points: Stoop's own test checkout (a route of this app) or Stripe Checkout
 * (another site, so a full page load).
 */
export function goToCheckout(url: string, navigate: (to: string) => unknown) {
  if (/^https?:\/\//.test(url)) window.location.assign(url);
  else void navigate(url);
}
