import { describe, expect, it } from 'vitest';
import { dayKey, formatDayHeading, formatListTime, formatTime } from './format.ts';

const NOW = new Date('2026-11-21T17:00:00Z'); // Saturday, noon in New York

describe('messaging times (America/New_York)', () => {
  it('puts an instant on its New York day, not the UTC one', () => {
    // 03:00 UTC on the 21st is 22:00 on the 20th in New York.
    expect(dayKey('2026-11-21T03:00:00Z')).toBe('2026-11-20');
    expect(dayKey('2026-11-21T05:00:00Z')).toBe('2026-11-21');
  });

  it('shows clock times in New York time', () => {
    expect(formatTime('2026-11-21T17:05:00Z')).toBe('12:05 PM');
    // Summer time: UTC-4.
    expect(formatTime('2026-07-04T16:30:00Z')).toBe('12:30 PM');
  });

  it('labels the list: today a time, yesterday, this week a weekday, then dates', () => {
    expect(formatListTime('2026-11-21T14:00:00Z', NOW)).toBe('9:00 AM');
    expect(formatListTime('2026-11-21T03:00:00Z', NOW)).toBe('Yesterday');
    expect(formatListTime('2026-11-17T15:00:00Z', NOW)).toBe('Tue');
    expect(formatListTime('2026-10-02T15:00:00Z', NOW)).toBe('Oct 2');
    expect(formatListTime('2025-10-02T15:00:00Z', NOW)).toBe('Oct 2, 2025');
  });

  it('heads each day: Today, Yesterday, then the full date', () => {
    expect(formatDayHeading('2026-11-21T16:00:00Z', NOW)).toBe('Today');
    expect(formatDayHeading('2026-11-20T16:00:00Z', NOW)).toBe('Yesterday');
    expect(formatDayHeading('2026-11-18T16:00:00Z', NOW)).toBe('Wednesday, November 18, 2026');
  });
});
