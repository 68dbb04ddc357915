import { describe, expect, it } from 'vitest';
import { parseBoostDays } from './boosts-section.tsx';

describe('boost days', () => {
  it('takes whole days from 1 to 90 only', () => {
    expect(parseBoostDays('1')).toBe(1);
    expect(parseBoostDays('90')).toBe(90);
    expect(parseBoostDays('0')).toBeNull();
    expect(parseBoostDays('400')).toBeNull();
    expect(parseBoostDays('7.5')).toBeNull();
    expect(parseBoostDays('')).toBeNull();
  });
});
