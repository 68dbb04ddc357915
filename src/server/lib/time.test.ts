import { describe, expect, it } from 'vitest';
import { isoTime, isoTimeOrNull, newYorkDay } from './time.ts';

describe('isoTime', () => {
  it('reads the driver text form in any offset', () => {
    expect(isoTime('2026-11-21 08:04:53.123456+00')).toBe('2026-11-21T08:04:53.123Z');
    expect(isoTime('2026-11-21 03:04:53-05')).toBe('2026-11-21T08:04:53.000Z');
    expect(isoTime('2026-11-21 13:34:53.5+05:30')).toBe('2026-11-21T08:04:53.500Z');
    expect(isoTime('2026-11-21 08:04:53+00')).toBe('2026-11-21T08:04:53.000Z');
    expect(isoTime('2026-11-21 08:04:53.1+00')).toBe('2026-11-21T08:04:53.100Z');
    expect(isoTimeOrNull(null)).toBeNull();
  });

  it('refuses what is not a timestamp', () => {
    expect(() => isoTime('soon')).toThrow();
  });
});

describe('newYorkDay', () => {
  it("is New York's date, not UTC's, in winter and summer", () => {
    expect(newYorkDay(Date.parse('2026-11-25T03:00:00Z'))).toBe('2026-11-24');
    expect(newYorkDay(Date.parse('2026-11-25T05:00:00Z'))).toBe('2026-11-25');
    expect(newYorkDay(Date.parse('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(newYorkDay(Date.parse('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });
});
