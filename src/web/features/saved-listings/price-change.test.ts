import { describe, expect, it } from 'vitest';
import { priceChangeCents } from './price-change.ts';

const item = (saved: number | null, now: number | null) => ({
  savedRentCents: saved,
  listing: { rentCents: now } as Parameters<typeof priceChangeCents>[0]['listing'],
});

describe('priceChangeCents', () => {
  it('is the rent now minus the rent when saved', () => {
    expect(priceChangeCents(item(350_000, 335_000))).toBe(-15_000);
    expect(priceChangeCents(item(350_000, 360_000))).toBe(10_000);
  });

  it('is null when unchanged or unknown', () => {
    expect(priceChangeCents(item(350_000, 350_000))).toBeNull();
    expect(priceChangeCents(item(null, 350_000))).toBeNull();
    expect(priceChangeCents(item(350_000, null))).toBeNull();
  });
});
