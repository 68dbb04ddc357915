import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { email: string };

describe('lazyResolver', () => {
  it('loads once and delegates', async () => {
    const inner: Resolver<Values> = async (values) => ({ values, errors: {} });
    const load = vi.fn(async () => inner);
    const { resolver, preload } = lazyResolver(load);
    await preload();
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    await expect(resolver({ email: 'a@b.c' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.c' },
      errors: {},
    });
    await resolver({ email: 'x' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const inner: Resolver<Values> = async (values) => ({ values, errors: {} });
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(inner);
    const { resolver, preload } = lazyResolver(load);
    await expect(preload()).resolves.toBeUndefined();
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    await expect(resolver({ email: 'x' }, undefined, options)).resolves.toEqual({
      values: { email: 'x' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
