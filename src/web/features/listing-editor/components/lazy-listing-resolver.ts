import { lazyResolver } from '../../../lib/lazy-resolver.ts';

/** The create form's resolver; zod arrives with it, after the page renders. */
export const listingResolver = lazyResolver(() =>
  import('./listing-form-resolver.ts').then((m) => m.listingStepResolver),
);
