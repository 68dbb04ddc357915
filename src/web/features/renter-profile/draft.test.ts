import { describe, expect, it } from 'vitest';
import { RenterProfileInputSchema } from '../../../shared/schemas/renter-profile.ts';
import { centsOf, dollarsOf, draftOf, fieldErrorsOf, inputOf } from './draft.ts';

describe('the application profile draft', () => {
  it('reads dollars as cents and back', () => {
    expect(centsOf('$4,500')).toBe(450_000);
    expect(centsOf('1234.5')).toBe(123_450);
    expect(centsOf('')).toBeUndefined();
    expect(centsOf('lots')).toBeNaN();
    expect(dollarsOf(450_000)).toBe('4500');
    expect(dollarsOf(123_456)).toBe('1234.56');
  });

  it('leaves blank fields out and keeps the lists', () => {
    const draft = draftOf(null);
    expect(inputOf(draft)).toEqual({ incomes: [], rentalHistory: [], pets: [] });
    expect(RenterProfileInputSchema.safeParse(inputOf(draft)).success).toBe(true);
  });

  it('says dollars, not cents, beside a money field', () => {
    const draft = {
      ...draftOf(null),
      incomes: [
        { source: 'employment' as const, employer: '', title: '', since: '', monthly: 'x' },
      ],
    };
    const parsed = RenterProfileInputSchema.safeParse(inputOf(draft));
    expect(parsed.success).toBe(false);
    const issues = (parsed.error?.issues ?? []).map((i) => ({
      path: i.path.join('.'),
      message: i.message,
    }));
    expect(fieldErrorsOf(issues)).toEqual({
      'incomes.0.monthlyCents': 'Enter an amount in dollars, like 2500 or 2500.50.',
    });
  });
});
