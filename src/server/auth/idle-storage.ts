import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * better-auth keeps each call's state in AsyncLocalStorage (its request state, its endpoint
 * context and its database adapter). Before Node 24, a storage that has been used turns on
 * async_hooks' promise hooks for the whole process, and they stay on: every promise of every
 * request then runs them, whether or not it has anything to do with better-auth. After the first
 * sign-in, a search cost 40% more CPU with them on and `GET /api/me` 16% more (decision 060).
 * So whenever no better-auth call is running, its storages are switched off (`disable()`: their
 * store then reads as none, which outside a call it is anyway), and its next call switches them
 * on again (its `run()` does). Every call into the auth object is counted (`handler`, `fetch`
 * and each endpoint of `api`), so a call never loses its storage to another one ending. Node 24
 * keeps these storages without hooks: nothing is done there.
 */

type Storage = { disable(): void };

/** Where better-auth keeps its storages (one place for every copy of it in the process). */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

/** better-auth's storages, as many as it has made so far. */
export function betterAuthStorages(): Storage[] {
  const shared = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  return Object.values(shared?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
}

/** Storages cost hooks on every promise before Node 24 (AsyncContextFrame since). */
export const STORAGE_USES_HOOKS = Number(process.versions.node.split('.')[0]) < 24;

type Callable = (...args: never[]) => unknown;
type AuthLike = { handler: Callable; fetch?: Callable; api: object };

/**
 * Counts the calls into `auth` and switches better-auth's storages off when the last one
 * settles. The same object is returned, its functions wrapped in place (their own properties,
 * such as an endpoint's `path`, copied over).
 */
export function idleStorageBetweenCalls<T extends AuthLike>(
  auth: T,
  options: { storages?: () => Storage[]; enabled?: boolean } = {},
): T {
  if (!(options.enabled ?? STORAGE_USES_HOOKS)) return auth;
  const storages = options.storages ?? betterAuthStorages;
  let running = 0;
  const settled = () => {
    running -= 1;
    if (running === 0) for (const storage of storages()) storage.disable();
  };
  const counted = <F extends Callable>(call: F): F => {
    const wrapper = function (this: unknown, ...args: Parameters<F>) {
      running += 1;
      let result: unknown;
      try {
        result = call.apply(this, args);
      } catch (error) {
        settled();
        throw error;
      }
      if (result instanceof Promise) return result.finally(settled);
      settled();
      return result;
    };
    for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(call))) {
      if (key !== 'length' && key !== 'name' && key !== 'prototype') {
        Object.defineProperty(wrapper, key, descriptor);
      }
    }
    return wrapper as unknown as F;
  };
  const target = auth as AuthLike;
  const original = target.handler;
  const handler = counted(original);
  target.handler = handler;
  // `fetch` is the handler under another name.
  if (target.fetch) target.fetch = target.fetch === original ? handler : counted(target.fetch);
  const api = target.api as Record<string, unknown>;
  for (const [name, endpoint] of Object.entries(api)) {
    if (typeof endpoint === 'function') api[name] = counted(endpoint as Callable);
  }
  return auth;
}
