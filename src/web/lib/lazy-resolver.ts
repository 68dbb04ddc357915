import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<TFieldValues extends FieldValues, TContext, TTransformed> = {
  /** A react-hook-form resolver that loads the real one on first use. */
  resolver: Resolver<TFieldValues, TContext, TTransformed>;
  /**
   * Starts loading now (call it when the visitor first focuses the form, so the submit does
   * not wait; not on mount, which would put zod back on the page-load path).
   * Never rejects: a failed load is retried by the next call or the first validation.
   */
  preload: () => Promise<void>;
};

/**
 * Defers a resolver (and the validation library behind it) out of the page's initial JS.
 * The forms still validate with the shared zod schemas; zod just arrives a moment after the
 * page renders (docs/decisions/012-web-bundle-budget.md).
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): LazyResolver<TFieldValues, TContext, TTransformed> {
  let pending: Promise<Resolver<TFieldValues, TContext, TTransformed>> | null = null;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () =>
      get().then(
        () => undefined,
        () => undefined,
      ),
  };
}
