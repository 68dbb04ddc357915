import { describe, expect, it } from 'vitest';
import type { Slot } from '../../../shared/schemas/tours.ts';
import { firstOpenDate, slotDays } from './slot-days.ts';
import { dayParts, formatLongDateTime, zoneLabel } from './zoned-time.ts';

const NY = 'America/New_York';
const slot = (start: string, minutes = 20): Slot => ({
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  seatsLeft: 1,
});

describe('slot days in the listing time zone (New York, DST ends 2026-11-01)', () => {
  // 17:00 local on each side of the change: 21:00Z in EDT, 22:00Z in EST.
  const slots = [
    slot('2026-11-02T22:00:00.000Z'), // Mon Nov 2, 17:00 EST
    slot('2026-10-31T21:00:00.000Z'), // Sat Oct 31, 17:00 EDT
    slot('2026-11-01T03:40:00.000Z'), // Sat Oct 31, 23:40 EDT (UTC already says Nov 1)
    slot('2026-11-01T05:30:00.000Z'), // Sun Nov 1, 01:30 EDT (the first of the repeated hour)
    slot('2026-11-01T06:30:00.000Z'), // Sun Nov 1, 01:30 EST (the second)
    slot('2026-11-01T22:00:00.000Z'), // Sun Nov 1, 17:00 EST
    slot('2026-11-02T04:50:00.000Z'), // Sun Nov 1, 23:50 EST (UTC says Nov 2)
  ];
  const days = slotDays(slots, NY, '2026-10-30', 5);

  it('lists every day of the window, empty ones included, in order', () => {
    expect(days.map((day) => day.date)).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
    expect(days[0]?.slots).toEqual([]);
    expect(days[4]?.slots).toEqual([]);
    expect(firstOpenDate(days)).toBe('2026-10-31');
  });

  it("puts each slot on the date its start shows on the listing's wall clock", () => {
    const starts = (date: string) =>
      days.find((day) => day.date === date)?.slots.map((s) => s.start);
    expect(starts('2026-10-31')).toEqual(['2026-10-31T21:00:00.000Z', '2026-11-01T03:40:00.000Z']);
    // The 25-hour day keeps both 01:30s and its evening, sorted by instant.
    expect(starts('2026-11-01')).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:30:00.000Z',
      '2026-11-01T22:00:00.000Z',
      '2026-11-02T04:50:00.000Z',
    ]);
    expect(starts('2026-11-02')).toEqual(['2026-11-02T22:00:00.000Z']);
  });

  it('labels 17:00 as 5:00 PM on both sides, with the zone of that date', () => {
    expect(formatLongDateTime('2026-10-31T21:00:00.000Z', NY)).toBe(
      'Saturday, October 31 at 5:00 PM',
    );
    expect(formatLongDateTime('2026-11-02T22:00:00.000Z', NY)).toBe(
      'Monday, November 2 at 5:00 PM',
    );
    expect(zoneLabel(NY, '2026-10-31T21:00:00.000Z')).toBe('New York time (EDT)');
    expect(zoneLabel(NY, '2026-11-02T22:00:00.000Z')).toBe('New York time (EST)');
  });

  it('groups by the listing zone, not the UTC date or the viewer zone', () => {
    const london = slotDays(slots, 'Europe/London', '2026-10-30', 5);
    // In London 23:40 EDT is already 03:40 on Nov 1.
    expect(london.find((d) => d.date === '2026-11-01')?.slots[0]?.start).toBe(
      '2026-11-01T03:40:00.000Z',
    );
    expect(dayParts('2026-11-01')).toEqual({ weekday: 'Sun', day: '1', month: 'Nov' });
  });

  it('spans the March change too (2027-03-14: a 23-hour day)', () => {
    const march = slotDays(
      [slot('2027-03-13T22:00:00.000Z'), slot('2027-03-14T21:00:00.000Z')],
      NY,
      '2027-03-13',
      2,
    );
    expect(march.map((day) => day.slots.length)).toEqual([1, 1]);
    expect(formatLongDateTime('2027-03-14T21:00:00.000Z', NY)).toBe('Sunday, March 14 at 5:00 PM');
  });
});
