import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { idleStorageBetweenCalls } from './idle-storage.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('idleStorageBetweenCalls', () => {
  it('wraps handler, fetch and every endpoint, keeping their answers and properties', async () => {
    const handler = async (request: string) => `handled ${request}`;
    const getSession = Object.assign(async (input: { id: number }) => input.id * 2, {
      path: '/get-session',
    });
    const auth = idleStorageBetweenCalls(
      { handler, fetch: handler, api: { getSession }, options: { a: 1 } },
      { enabled: true, storages: () => [] },
    );
    expect(await auth.handler('x')).toBe('handled x');
    expect(auth.fetch).toBe(auth.handler);
    expect(await auth.api.getSession({ id: 21 })).toBe(42);
    expect(auth.api.getSession.path).toBe('/get-session');
    expect(auth.options).toEqual({ a: 1 });
  });

  it('switches the storages off only when the last of overlapping calls has settled', async () => {
    let disabled = 0;
    const storages = () => [{ disable: () => (disabled += 1) }];
    const first = deferred<string>();
    const second = deferred<string>();
    const calls = [first, second];
    const auth = idleStorageBetweenCalls(
      { handler: () => (calls.shift() as ReturnType<typeof deferred<string>>).promise, api: {} },
      { enabled: true, storages },
    );
    const a = auth.handler();
    const b = auth.handler();
    first.resolve('a');
    expect(await a).toBe('a');
    expect(disabled).toBe(0);
    second.reject(new Error('b failed'));
    await expect(b).rejects.toThrow('b failed');
    expect(disabled).toBe(1);
  });

  it('counts a call that throws before it returns', () => {
    let disabled = 0;
    const auth = idleStorageBetweenCalls(
      {
        handler: () => {
          throw new Error('at once');
        },
        api: {},
      },
      { enabled: true, storages: () => [{ disable: () => (disabled += 1) }] },
    );
    expect(() => auth.handler()).toThrow('at once');
    expect(disabled).toBe(1);
  });

  it('keeps a running call’s store while another ends, and clears it once none runs', async () => {
    const storage = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const auth = idleStorageBetweenCalls(
      {
        handler: (name: string, ms: number) =>
          storage.run(name, async () => {
            await new Promise((resolve) => setTimeout(resolve, ms));
            seen.push(storage.getStore());
            await tick();
            seen.push(storage.getStore());
          }),
        api: {},
      },
      { enabled: true, storages: () => [storage] },
    );
    await Promise.all([auth.handler('long', 20), auth.handler('short', 1)]);
    expect(seen).toEqual(['short', 'short', 'long', 'long']);
    expect(storage.getStore()).toBeUndefined();
    // The next call has its store again.
    await auth.handler('again', 1);
    expect(seen.slice(4)).toEqual(['again', 'again']);
  });

  it('leaves the object as it is where storages cost no hooks', () => {
    const handler = async () => 'same';
    const auth = { handler, api: {} };
    expect(idleStorageBetweenCalls(auth, { enabled: false }).handler).toBe(handler);
  });
});
