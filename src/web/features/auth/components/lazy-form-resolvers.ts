import { lazyResolver } from '../../../lib/lazy-resolver.ts';

type Resolvers = typeof import('./form-resolvers.ts');
const load = () => import('./form-resolvers.ts');

/** One chunk holds every auth form's resolver (and zod); each form preloads it on mount. */
export const signInResolver = lazyResolver(() =>
  load().then((m): Resolvers['signInResolver'] => m.signInResolver),
);
export const signUpResolver = lazyResolver(() =>
  load().then((m): Resolvers['signUpResolver'] => m.signUpResolver),
);
export const forgotPasswordResolver = lazyResolver(() =>
  load().then((m): Resolvers['forgotPasswordResolver'] => m.forgotPasswordResolver),
);
export const resetPasswordResolver = lazyResolver(() =>
  load().then((m): Resolvers['resetPasswordResolver'] => m.resetPasswordResolver),
);
export const profileResolver = lazyResolver(() =>
  load().then((m): Resolvers['profileResolver'] => m.profileResolver),
);
export const changePasswordResolver = lazyResolver(() =>
  load().then((m): Resolvers['changePasswordResolver'] => m.changePasswordResolver),
);
