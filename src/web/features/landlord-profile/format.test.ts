import { describe, expect, it } from 'vitest';
import { landlordProfileFixture } from '../../testing/billing-fixtures.ts';
import { initials, memberSinceText, replyRateText, replyTimeText } from './format.ts';

describe('landlord profile words', () => {
  it('puts the median reply time in plain words', () => {
    expect(replyTimeText(null)).toBeNull();
    expect(replyTimeText(0.4)).toBe('within a minute');
    expect(replyTimeText(42)).toBe('within 42 minutes');
    expect(replyTimeText(185)).toBe('within about 3 hours');
    expect(replyTimeText(60 * 50)).toBe('within about 2 days');
  });

  it('rates and dates', () => {
    expect(replyRateText(0.934)).toBe('93%');
    expect(replyRateText(null)).toBeNull();
    expect(memberSinceText(landlordProfileFixture())).toBe('Member since March 2024');
    expect(initials('Park Slope Rentals')).toBe('PS');
    expect(initials('  ')).toBe('');
  });
});
