import { describe, expect, it } from 'vitest';
import { initials, memberSinceText, replyRateText, replyTimeText } from './response-figures.ts';

describe('response figures in words', () => {
  it('puts the median reply time in plain words', () => {
    expect(replyTimeText(null)).toBeNull();
    expect(replyTimeText(undefined)).toBeNull();
    expect(replyTimeText(0.4)).toBe('within a minute');
    expect(replyTimeText(42)).toBe('within 42 minutes');
    expect(replyTimeText(185)).toBe('within about 3 hours');
    expect(replyTimeText(60 * 50)).toBe('within about 2 days');
  });

  it('rates, initials and since when', () => {
    expect(replyRateText(0.934)).toBe('93%');
    expect(replyRateText(null)).toBeNull();
    expect(initials('Park Slope Rentals')).toBe('PS');
    expect(initials('  ')).toBe('');
    expect(memberSinceText('2024-03-02T14:00:00.000Z')).toBe('On Stoop since 2024');
    expect(memberSinceText(undefined)).toBeNull();
  });
});
