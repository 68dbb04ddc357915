import { describe, expect, it } from 'vitest';
import { dateFormat } from './date-format.ts';

describe('dateFormat', () => {
  it('builds each formatter once and formats as Intl does', () => {
    const options = { timeZone: 'America/New_York', month: 'short', day: 'numeric' } as const;
    const first = dateFormat('en-US', options);
    expect(dateFormat('en-US', { ...options })).toBe(first);
    expect(dateFormat('en-CA', options)).not.toBe(first);
    const instant = new Date('2026-11-28T03:00:00Z');
    expect(first.format(instant)).toBe(new Intl.DateTimeFormat('en-US', options).format(instant));
    expect(first.format(instant)).toBe('Nov 27');
  });
});
