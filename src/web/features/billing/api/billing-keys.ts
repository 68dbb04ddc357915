/**
 * Every billing query key starts with 'billing', so `billing.changed` (any tab, any cause) or a
 * stream resync reaches them all at once.
 */
export const billingKeys = {
  all: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
  subscription: ['billing', 'subscription'] as const,
  invoices: ['billing', 'invoices'] as const,
  invoice: (id: string) => ['billing', 'invoices', id] as const,
  boosts: ['billing', 'boosts'] as const,
  boostListings: ['billing', 'boost-listings'] as const,
};
