import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../../shared/billing-plans.ts';
import { parseExpiry, validateCard } from './card-form.tsx';

const NOW = new Date('2026-11-24T12:00:00Z');

describe('the card form checks', () => {
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('12/29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry(' 3 / 2031 ')).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('1229')).toBeNull();
  });

  it('sends digits, month, year and CVC for a valid card', () => {
    expect(
      validateCard({ number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' }, NOW),
    ).toEqual({
      card: { number: TEST_CARDS.succeeds, expMonth: 11, expYear: 2026, cvc: '123' },
      errors: {},
    });
  });

  it('says what to fix, and sends nothing', () => {
    const result = validateCard({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12' }, NOW);
    expect(result.card).toBeNull();
    expect(result.errors).toEqual({
      number: 'Enter a valid card number.',
      expiry: 'This card has expired.',
      cvc: 'Enter the 3 or 4 digits on the back.',
    });
  });
});
