import { describe, expect, it } from 'vitest';
import { isoTime, isoTimeOrNull } from './time.ts';

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
