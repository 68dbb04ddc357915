import { describe, expect, it } from 'vitest';
import { costBreakdown } from './costs.ts';

describe('costBreakdown', () => {
  it('adds required monthly fees to rent and one-time fees to move-in', () => {
    const result = costBreakdown(
      300_000,
      [
        { type: 'amenity', amountCents: 10_000, frequency: 'monthly', required: true },
        { type: 'security_deposit', amountCents: 300_000, frequency: 'one_time', required: true },
        { type: 'application', amountCents: 2_000, frequency: 'one_time', required: true },
        { type: 'parking', amountCents: 25_000, frequency: 'monthly', required: false },
      ],
      (type) => type,
    );
    expect(result.monthlyTotalCents).toBe(310_000);
    expect(result.moveInTotalCents).toBe(300_000 + 10_000 + 300_000 + 2_000);
    expect(result.optional).toEqual([
      { label: 'parking', cents: 25_000, required: false, frequency: 'monthly' },
    ]);
  });

  it('uses the description as the label when there is one', () => {
    const result = costBreakdown(
      100_000,
      [
        {
          type: 'other',
          amountCents: 500,
          frequency: 'one_time',
          required: true,
          description: 'Key fob',
        },
      ],
      () => 'x',
    );
    expect(result.moveIn.map((l) => l.label)).toEqual(["First month's rent", 'Key fob']);
  });
});
