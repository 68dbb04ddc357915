import { type Context, createContext, use } from 'react';

/**
 * A context whose hook throws a clear error when used outside its provider
 * (docs/architecture.md §6): `useX must be used within a XProvider.`
 */
export function createStrictContext<T>(
  hookName: string,
  providerName: string,
): [Context<T | null>, () => T] {
  const StrictContext = createContext<T | null>(null);
  StrictContext.displayName = providerName;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per context, at module level
  function useStrictContext(): T {
    const value = use(StrictContext);
    if (value === null) throw new Error(`${hookName} must be used within a ${providerName}.`);
    return value;
  }
  return [StrictContext, useStrictContext];
}
